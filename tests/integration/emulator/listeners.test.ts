// No side doors: every listener the emulator opens refuses a request that does not carry its
// secret. The HTTP server (control plane, data plane, Schema Registry, test-control API) takes the
// run's bearer tokens; each cluster's Kafka listener takes a SCRAM login; each broker's admin
// endpoint takes a token made for that broker and given to its process by environment only. The
// emulator command's token, unless the user chooses one, is made for the run: the constant that was
// its default (`emulator-token`) opens nothing.
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { readFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
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

it("startEmulator() without tokens accepts one random token, which it returns", async () => {
  const { startEmulator } = await import("../../../emulator");
  const [a, b] = await Promise.all([startEmulator({ port: 0 }), startEmulator({ port: 0 })]);
  try {
    expect(a.tokens).toHaveLength(1);
    expect(a.tokens[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.tokens[0]).not.toBe(a.tokens[0]);
    const url = `${a.url}/v1/resource-groups`;
    expect(await get(url, { authorization: "Bearer emulator-token" })).toBe(401);
    expect(await get(url, { authorization: `Bearer ${a.tokens[0]}` })).toBe(200);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

describe("the emulator command's bearer token", () => {
  const CLI = path.resolve(__dirname, "..", "..", "..", "dist", "emulator", "cli.js");
  const running: ChildProcess[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "emu-token-"));
  afterAll(async () => {
    for (const child of running) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await gone;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Starts the command; resolves with its URL and what it said on stderr once both are there. */
  function launch(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: string }> {
    const child = spawn(process.execPath, [CLI, "--port", "0", "--kafka", "none", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.push(child);
    let out = "";
    let err = "";
    return new Promise((resolve, reject) => {
      const check = () => {
        const url = /^(http:\/\/\S+)\n/.exec(out)?.[1];
        if (url && /bearer token/.test(err)) resolve({ child, url, stderr: err });
      };
      child.stdout!.on("data", (d: Buffer) => ((out += d.toString()), check()));
      child.stderr!.on("data", (d: Buffer) => ((err += d.toString()), check()));
      child.once("exit", (code) => reject(new Error(`emulator exited (${code}):\n${err}`)));
    });
  }

  const status = (url: string, token: string) =>
    get(`${url}/v1/resource-groups`, { authorization: `Bearer ${token}` });

  const stop = async (child: ChildProcess) => {
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await gone;
  };

  it("without --token: refuses the old default, accepts the token it printed once on stderr", async () => {
    const { child, url, stderr } = await launch([]);
    const printed = [...stderr.matchAll(/bearer token for this run: (\S+)/g)].map((m) => m[1]!);
    expect(printed).toHaveLength(1);
    const token = printed[0]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes, base64url
    expect(await status(url, "emulator-token")).toBe(401);
    expect(await status(url, token)).toBe(200);
    // Not in its arguments, which any local process can read.
    const argv = readFileSync(`/proc/${child.pid}/cmdline`, "utf8");
    expect(argv).not.toContain(token);
    // Another run, another token.
    const other = await launch([]);
    expect(await status(other.url, token)).toBe(401);
    await Promise.all([stop(child), stop(other.child)]);
  });

  it("--token-file: a new token in a 0600 file, the same one accepted after a restart", async () => {
    const file = path.join(scratch, "emulator-token");
    const first = await launch(["--token-file", file]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const token = fs.readFileSync(file, "utf8").trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.stderr).toContain(`bearer token written to ${file}`);
    expect(first.stderr).not.toContain(token);
    expect(await status(first.url, "emulator-token")).toBe(401);
    expect(await status(first.url, token)).toBe(200);
    await stop(first.child);

    const second = await launch(["--token-file", file]);
    expect(second.stderr).toContain(`bearer token read from ${file}`);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(token);
    expect(await status(second.url, token)).toBe(200);
    expect(await status(second.url, "emulator-token")).toBe(401);
    await stop(second.child);
  });

  it("--token-file refuses a file other users can read, and starts nothing", async () => {
    const file = path.join(scratch, "shared-token");
    fs.writeFileSync(file, "a-token-others-can-read\n", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const child = spawn(
      process.execPath,
      [CLI, "--port", "0", "--kafka", "none", "--token-file", file],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(output).toContain(`--token-file ${file} can be read by other users (mode 644)`);
    expect(output).not.toMatch(/^http:/m);
  });
});
