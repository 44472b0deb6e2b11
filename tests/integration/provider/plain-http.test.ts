// Credentials over TLS only, through the dynamic providers (the shim's calls, as the engine makes
// them): an API URL, a token URL, or a resource's data-plane or Schema Registry address in plain
// HTTP to a host that is not loopback is refused at check — naming the setting or the input and
// the URL, never the credential — and no request reaches the emulator, not even from a create or
// a refresh sent anyway; REDPANDA_ALLOW_PLAIN_HTTP=true lets them through, and the emulator on
// loopback needs nothing. The plugin's front door: tests/integration/plugin/plain-http.test.ts.
//
// "Not loopback" is the emulator at http://0.0.0.0:<port>: the rule refuses that address (it is
// not 127.0.0.0/8, ::1 or localhost), yet Linux delivers a connection to it to this machine, so
// the opt-in's requests arrive and a broken guard would send nothing elsewhere.
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  expectAllResponsesValid,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;
/** The emulator at an address the rule does not count as loopback. */
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
  expectAllResponsesValid(t, "provider-plain-http");
});

/** The shim's configure with these `redpanda:*` settings, as a new stack config. */
async function configure(settings: Record<string, string>): Promise<void> {
  const config = (key: string) =>
    key.startsWith("redpanda:") ? settings[key.slice("redpanda:".length)] : undefined;
  await call("configure", { config: { get: config } });
}

interface Failure {
  property: string;
  reason: string;
}

async function check(kind: string, inputs: Props): Promise<Failure[]> {
  const res = (await call("check", {}, { _rpType: kind, ...inputs })) as { failures?: Failure[] };
  return res.failures ?? [];
}

/** The requests the emulator answered since the last call. */
async function requests(): Promise<{ method: string; path: string }[]> {
  const log = (await t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; path: string }[];
  };
  await t.admin("DELETE", "/_admin/requests");
  return log.entries;
}

const IN_CLEAR = "is plain HTTP to a host that is not loopback";
const OPT_IN = "set REDPANDA_ALLOW_PLAIN_HTTP=true";

it("refuses redpanda:apiUrl in plain HTTP at check, naming it and the URL; a create sent anyway sends nothing", async () => {
  await requests();
  await configure({ apiUrl: clear, accessToken: TOKEN });
  const failures = await check("ResourceGroup", { name: "in-clear" });
  expect(failures).toEqual([
    {
      property: "",
      reason: expect.stringContaining(`redpanda:apiUrl (REDPANDA_API_URL) "${clear}" ${IN_CLEAR}`),
    },
  ]);
  expect(failures[0]!.reason).toContain(OPT_IN);
  await expect(call("create", { _rpType: "ResourceGroup", name: "in-clear" })).rejects.toThrow(
    `redpanda:apiUrl (REDPANDA_API_URL) "${clear}" ${IN_CLEAR}`,
  );
  expect(await requests()).toEqual([]);
});

it("refuses redpanda:authUrl in plain HTTP with client credentials, never showing the secret", async () => {
  await requests();
  await configure({
    apiUrl: t.emu.url,
    clientId: "cid",
    clientSecret: "secret-value",
    authUrl: `${clear}/oauth/token`,
  });
  const failures = await check("ResourceGroup", { name: "in-clear" });
  expect(failures).toEqual([
    {
      property: "",
      reason: expect.stringContaining(
        `redpanda:authUrl (REDPANDA_AUTH_URL) "${clear}/oauth/token" ${IN_CLEAR}: the client secret`,
      ),
    },
  ]);
  expect(JSON.stringify(failures)).not.toContain("secret-value");
  expect(await requests()).toEqual([]);
});

it("refuses a data-plane or Schema Registry address in plain HTTP at check, naming the input; a refresh sends nothing", async () => {
  await configure({ apiUrl: t.emu.url, accessToken: TOKEN });
  await requests();
  const dp = `${clear}/dp/${cluster.id}`;
  expect(await check("Topic", { dataplaneApiUrl: dp, name: "orders" })).toEqual([
    {
      property: "dataplaneApiUrl",
      reason: expect.stringContaining(`Topic dataplaneApiUrl "${dp}" ${IN_CLEAR}`),
    },
  ]);
  const sr = `${clear}/sr/${cluster.id}`;
  const schema = { schemaRegistryUrl: sr, subject: "s", schema: '"string"' };
  const registry = await check("Schema", { ...schema, username: "u", password: "pw-value" });
  expect(registry).toEqual([
    {
      property: "schemaRegistryUrl",
      reason: expect.stringContaining(`Schema schemaRegistryUrl "${sr}" ${IN_CLEAR}`),
    },
  ]);
  expect(JSON.stringify(registry)).not.toContain("pw-value");
  // An address recorded in the state before the rule: its refresh is refused before sending.
  await expect(
    call("read", "orders", { _rpType: "Topic", dataplaneApiUrl: dp, name: "orders" }),
  ).rejects.toThrow(new RegExp(`was not sent: its URL "${dp}/v1/topics" ${IN_CLEAR}`));
  expect(await requests()).toEqual([]);
});

it("sends in plain HTTP with REDPANDA_ALLOW_PLAIN_HTTP=true", async () => {
  process.env.REDPANDA_ALLOW_PLAIN_HTTP = "true";
  await configure({ apiUrl: clear, accessToken: TOKEN });
  await requests();
  expect(await check("ResourceGroup", { name: "opted-in" })).toEqual([]);
  const group = (await call("create", { _rpType: "ResourceGroup", name: "opted-in" })) as {
    id: string;
  };
  const dp = `${clear}/dp/${cluster.id}`;
  const topic = { _rpType: "Topic", dataplaneApiUrl: dp, name: "opted-in", partitionCount: 1 };
  expect(await check("Topic", topic)).toEqual([]);
  await call("create", topic);
  expect(await requests()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ method: "POST", path: "/v1/resource-groups" }),
      expect.objectContaining({ method: "POST", path: `/dp/${cluster.id}/v1/topics` }),
    ]),
  );
  await call("delete", group.id, { _rpType: "ResourceGroup", name: "opted-in" });
});

it("needs nothing for the emulator on loopback", async () => {
  await configure({ apiUrl: t.emu.url, accessToken: TOKEN });
  expect(await check("ResourceGroup", { name: "loopback" })).toEqual([]);
  const dp = `${t.emu.url}/dp/${cluster.id}`;
  expect(await check("Topic", { dataplaneApiUrl: dp, name: "loopback" })).toEqual([]);
  const localhost = t.emu.url.replace("127.0.0.1", "localhost");
  await configure({ apiUrl: localhost, accessToken: TOKEN });
  expect(await check("ResourceGroup", { name: "loopback" })).toEqual([]);
});
