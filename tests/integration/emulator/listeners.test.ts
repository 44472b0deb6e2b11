// No side doors: every listener the emulator opens refuses a request that does not carry its
// secret. The HTTP server (control plane, data plane, Schema Registry, test-control API) takes the
// run's bearer tokens; each cluster's Kafka listener takes a SCRAM login; each broker's admin
// endpoint takes a token made for that broker and given to its process by environment only.
import { readFileSync } from "node:fs";
import { Kafka, logLevel } from "kafkajs";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, readyServerlessCluster, startTestEmulator } from "../../support/emulator";
import { kafkaBinary } from "../../support/kafka";

let t: TestEmulator;
let cluster: {
  id: string;
  dataplane_api: { url: string };
  schema_registry: { url: string };
  kafka_api: { seed_brokers: string[] };
};

beforeAll(async () => {
  t = await startTestEmulator({ kafka: { binary: kafkaBinary() } });
  cluster = await readyServerlessCluster(t, "doors");
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers }).then((r) => r.status);

it.each([
  ["the control plane", () => `${t.emu.url}/v1/serverless/clusters`],
  ["the data plane", () => `${cluster.dataplane_api.url}/v1/topics`],
  ["the Schema Registry", () => `${cluster.schema_registry.url}/subjects`],
  ["the test-control API", () => `${t.emu.url}/_admin/inventory`],
])("%s refuses a request without a token or with a wrong one (401)", async (_what, url) => {
  expect(await get(url())).toBe(401);
  expect(await get(url(), { authorization: "Bearer not-the-token" })).toBe(401);
  expect(await get(url(), { authorization: `Bearer ${TOKEN}` })).toBe(200);
});

it("the BYOC agent stand-in's route refuses a request without a token (401)", async () => {
  const url = `${t.emu.url}/_emulator/byoc/${cluster.id}/apply`;
  expect((await fetch(url, { method: "POST" })).status).toBe(401);
  // With the token it is the route's own answer: a serverless cluster is no BYOC cluster.
  const withToken = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(withToken.status).toBe(404);
});

it("the broker's admin endpoint refuses a request without its token, and applies nothing", async () => {
  const [broker] = t.emu.kafkaBrokers();
  expect(broker).toBeDefined();
  const admin = broker!.adminUrl;
  expect(admin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await get(`${admin}/state`)).toBe(401);
  // The run's API token is not the broker's.
  expect(await get(`${admin}/state`, { authorization: `Bearer ${TOKEN}` })).toBe(401);
  const apply = await fetch(`${admin}/apply`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      upsert_users: [{ name: "intruder", mechanism: "SCRAM-SHA-256", password: "x" }],
    }),
  });
  expect(apply.status).toBe(401);
  const users = await t.call("GET", `${cluster.dataplane_api.url}/v1/users`);
  expect(users.body.users).toEqual([]);
});

it("the broker's secrets are in its environment, not its command line (public in ps)", () => {
  const [broker] = t.emu.kafkaBrokers();
  const argv = readFileSync(`/proc/${broker!.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  expect(argv.slice(1)).toEqual(["--host", "127.0.0.1"]);
});

it("the Kafka listener refuses a client that does not log in", async () => {
  const admin = new Kafka({
    brokers: cluster.kafka_api.seed_brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
    connectionTimeout: 2_000,
  }).admin();
  try {
    await expect(admin.connect().then(() => admin.listTopics())).rejects.toThrow();
  } finally {
    await admin.disconnect();
  }
});
