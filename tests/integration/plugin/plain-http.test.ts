// Credentials over TLS only, through the provider plugin's handlers: CheckConfig refuses
// `redpandacloud:apiUrl` or `redpandacloud:authUrl` in plain HTTP to a host that is not loopback,
// naming the key and the URL; a provider configured so anyway (its settings unknown at
// CheckConfig) has each resource's Check refuse it, and a resource's data-plane or Schema Registry
// address in plain HTTP is refused by name; a lookup at such an address is refused before it is
// sent. Nothing reaches the emulator. REDPANDA_ALLOW_PLAIN_HTTP=true lets them through; the
// emulator on loopback needs nothing. The dynamic providers' front door:
// tests/integration/provider/plain-http.test.ts (which says why http://0.0.0.0 stands for "not
// loopback").
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  expectAllResponsesValid,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import type { Json, TestPlugin } from "../../support/plugin";
import { configure, createVia, struct, testPlugin, urnOf } from "../../support/plugin";

let t: TestEmulator;
let clear: string;
let cluster: ResponseBody;

beforeAll(async () => {
  t = await startTestEmulator();
  clear = t.emu.url.replace("127.0.0.1", "0.0.0.0");
  cluster = await readyServerlessCluster(t, "tls");
});
afterEach(() => {
  delete process.env.REDPANDA_ALLOW_PLAIN_HTTP;
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "plugin-plain-http");
});

const IN_CLEAR = "is plain HTTP to a host that is not loopback";

/** The requests the emulator answered since the last call. */
async function requests(): Promise<{ method: string; path: string }[]> {
  const log = (await t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; path: string }[];
  };
  await t.admin("DELETE", "/_admin/requests");
  return log.entries;
}

const pairs = (failures: pb.CheckFailure[]) =>
  failures.map((f) => [f.getProperty(), f.getReason()]);

async function checkConfig(p: TestPlugin, news: Json): Promise<string[][]> {
  const res = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "checkConfig",
    new pb.CheckRequest()
      .setUrn("urn:pulumi:test::plugin::pulumi:providers:redpandacloud::default")
      .setOlds(struct({}))
      .setNews(struct(news)),
  );
  return pairs(res.getFailuresList());
}

async function check(p: TestPlugin, kind: string, news: Json): Promise<string[][]> {
  const res = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "check",
    new pb.CheckRequest()
      .setUrn(urnOf(kind, "subject"))
      .setType(`redpandacloud:index:${kind}`)
      .setOlds(struct({}))
      .setNews(struct(news)),
  );
  return pairs(res.getFailuresList());
}

it("CheckConfig refuses apiUrl and authUrl in plain HTTP, naming the key and the URL, never the secret", async () => {
  const p = testPlugin();
  expect(await checkConfig(p, { apiUrl: clear, accessToken: TOKEN })).toEqual([
    [
      "apiUrl",
      expect.stringContaining(`redpandacloud:apiUrl (REDPANDA_API_URL) "${clear}" ${IN_CLEAR}`),
    ],
  ]);
  const credentials = { clientId: "cid", clientSecret: "secret-value" };
  const auth = await checkConfig(p, {
    apiUrl: t.emu.url,
    ...credentials,
    authUrl: `${clear}/oauth/token`,
  });
  expect(auth).toEqual([
    [
      "authUrl",
      expect.stringContaining(
        `redpandacloud:authUrl (REDPANDA_AUTH_URL) "${clear}/oauth/token" ${IN_CLEAR}`,
      ),
    ],
  ]);
  expect(JSON.stringify(auth)).not.toContain("secret-value");
});

it("Check refuses a provider configured in plain HTTP, and an address in plain HTTP, before any request", async () => {
  const p = testPlugin();
  await requests();
  await configure(p, { apiUrl: clear, accessToken: TOKEN });
  expect(await check(p, "ResourceGroup", { name: "in-clear" })).toEqual([
    ["", expect.stringContaining(`redpandacloud:apiUrl (REDPANDA_API_URL) "${clear}" ${IN_CLEAR}`)],
  ]);
  await configure(p, { apiUrl: t.emu.url, accessToken: TOKEN });
  const dp = `${clear}/dp/${cluster.id}`;
  expect(await check(p, "Topic", { dataplaneApiUrl: dp, name: "orders" })).toEqual([
    ["dataplaneApiUrl", expect.stringContaining(`Topic dataplaneApiUrl "${dp}" ${IN_CLEAR}`)],
  ]);
  const sr = `${clear}/sr/${cluster.id}`;
  const schema = { schemaRegistryUrl: sr, subject: "s", schema: '"string"' };
  expect(await check(p, "Schema", schema)).toEqual([
    ["schemaRegistryUrl", expect.stringContaining(`Schema schemaRegistryUrl "${sr}" ${IN_CLEAR}`)],
  ]);
  // A lookup has no Check: its request is refused before it is sent.
  await expect(
    p.call(
      "invoke",
      new pb.InvokeRequest()
        .setTok("redpandacloud:index:getSchema")
        .setArgs(struct({ schemaRegistryUrl: sr, subject: "s" })),
    ),
  ).rejects.toMatchObject({ message: expect.stringMatching(/was not sent: its URL "http:\/\/0/) });
  expect(await requests()).toEqual([]);
});

it("sends in plain HTTP with REDPANDA_ALLOW_PLAIN_HTTP=true", async () => {
  process.env.REDPANDA_ALLOW_PLAIN_HTTP = "true";
  const p = testPlugin();
  expect(await checkConfig(p, { apiUrl: clear, accessToken: TOKEN })).toEqual([]);
  await configure(p, { apiUrl: clear, accessToken: TOKEN });
  await requests();
  await createVia(p, "ResourceGroup", "opted-in", { name: "opted-in" });
  const dp = `${clear}/dp/${cluster.id}`;
  await createVia(p, "Topic", "opted-in", { dataplaneApiUrl: dp, name: "opted-in" });
  expect(await requests()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ method: "POST", path: "/v1/resource-groups" }),
      expect.objectContaining({ method: "POST", path: `/dp/${cluster.id}/v1/topics` }),
    ]),
  );
});

it("needs nothing for the emulator on loopback", async () => {
  const p = testPlugin();
  expect(await checkConfig(p, { apiUrl: t.emu.url, accessToken: TOKEN })).toEqual([]);
  await configure(p, { apiUrl: t.emu.url, accessToken: TOKEN });
  const dp = `${t.emu.url}/dp/${cluster.id}`;
  expect(await check(p, "Topic", { dataplaneApiUrl: dp, name: "loopback" })).toEqual([]);
});
