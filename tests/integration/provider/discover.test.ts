// redpanda-cloud-discover, the built bin, against a real emulator: an organization made through
// the REST API (two resource groups; a Dedicated cluster with Kafka Connect, audit logging, a
// Schema Registry subject and a consumer group, so the emulator lists every kind of topic
// Redpanda keeps for itself; a Serverless cluster) is listed with GET requests only, internal
// objects left out unless asked, narrowed by group and cluster, and a cluster whose data plane
// does not answer is still listed, its contents skipped with a warning that names it (exit 3);
// credentials go over TLS only (an API URL in plain HTTP off this machine stops it with exit 2, a
// cluster's address in plain HTTP is skipped); the clients it builds refuse a write before
// sending it.
// The whole chain into `pulumi import` is tests/e2e/adopt-every-kind.test.ts.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createResourceGroup } from "../../../provider/kinds/resource-group/api";
import type { ImportFile } from "../../../provider/migrate/types";
import { ProviderInstance } from "../../../provider/runtime/context";
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import { kafkaBinary, kafkaClient } from "../../support/kafka";
import { dedicatedCluster } from "../../support/organization";
import type { ProcessResult } from "../../support/process";
import { runProcess } from "../../support/process";
import { REPO_ROOT } from "../../support/pulumi";

const BIN = path.join(REPO_ROOT, "dist", "provider", "discover", "cli.js");
const INTERNAL_TOPICS = [
  "__consumer_offsets",
  "_internal_connectors_configs",
  "_internal_connectors_offsets",
  "_internal_connectors_status",
  "_redpanda.audit_log",
  "_schemas",
];

let t: TestEmulator;
let dir: string;
let east: { rg: string; clusterId: string; cluster: ResponseBody };
let west: ResponseBody;
let serviceAccount: ResponseBody;

/** A REST call that must succeed. */
async function ok(method: string, url: string, body?: unknown): Promise<ResponseBody> {
  const res = await t.call(method, url, body);
  if (res.status >= 300) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** Runs the bin with the emulator's URL and token in its environment. */
function discover(args: string[], env: Record<string, string> = {}): Promise<ProcessResult> {
  return runProcess(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { REDPANDA_API_URL: t.emu.url, REDPANDA_ACCESS_TOKEN: TOKEN, ...env },
  });
}

const read = (file: string): ImportFile =>
  JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as ImportFile;
const ids = (f: ImportFile, type: string) =>
  f.resources.filter((r) => r.type === `redpandacloud:index:${type}`).map((r) => r.id);

/** East's data plane: users, an ACL, topics, a schema, and a consumer group through Kafka. */
async function fillEast(): Promise<void> {
  const dp = east.cluster.dataplane_api.url as string;
  await ok("POST", `${dp}/v1/users`, {
    name: "app",
    password: "app-password",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
  for (const resource_type of ["RESOURCE_TYPE_TOPIC", "RESOURCE_TYPE_GROUP"]) {
    await ok("POST", `${dp}/v1/acls`, {
      resource_type,
      resource_name: "*",
      resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
      principal: "User:app",
      host: "*",
      operation: "OPERATION_ALL",
      permission_type: "PERMISSION_TYPE_ALLOW",
    });
  }
  for (const name of ["orders", "payments"]) {
    await ok("POST", `${dp}/v1/topics`, { name, partition_count: 1 });
  }
  await ok("POST", `${east.cluster.schema_registry.url}/subjects/orders-value/versions`, {
    schema: '{"type":"string"}',
  });
  const reader = {
    brokers: east.cluster.kafka_api.seed_brokers as string[],
    user: "app",
    password: "app-password",
  };
  expect(await kafkaClient("produce", reader, { topic: "orders", count: 1 })).toMatchObject({
    ok: true,
  });
  const consumed = await kafkaClient("consume", reader, {
    topic: "orders",
    count: 1,
    group: "orders-reader",
  });
  expect(consumed).toMatchObject({ ok: true, consumed: 1 });
  // Every topic Redpanda keeps for itself is in the data plane's list now.
  await eventually(async () => {
    const listed = (await t.call("GET", `${dp}/v1/topics`)).body.topics as { name: string }[];
    return INTERNAL_TOPICS.every((n) => listed.some((l) => l.name === n));
  });
}

beforeAll(async () => {
  const binary = kafkaBinary();
  t = await startTestEmulator({ kafka: { binary } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-discover-"));
  const made = await dedicatedCluster(t, "east", "10.91.0.0/20", {
    kafka_connect: { enabled: true },
    cluster_configuration: { custom_properties: { audit_enabled: true } },
  });
  east = made;
  await fillEast();
  west = await readyServerlessCluster(t, "west");
  await ok("POST", `${west.dataplane_api.url}/v1/topics`, { name: "orders", partition_count: 1 });
  serviceAccount = (
    await ok("POST", "/v1/service-accounts", {
      service_account: { name: "ci-deployer", description: "deploys" },
    })
  ).service_account;
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  expectAllResponsesValid(t, "discover");
});

it("lists the organization with GET requests only, internal objects left out", async () => {
  await t.admin("DELETE", "/_admin/requests");
  const run = await discover(["--out", "all.json"]);
  expect(run.code).toBe(0);
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: { method: string }[] };
  expect(log.entries.length).toBeGreaterThan(20);
  expect(new Set(log.entries.map((e) => e.method))).toEqual(new Set(["GET"]));

  const file = read("all.json");
  expect(ids(file, "ResourceGroup").sort()).toEqual([east.rg, west.resource_group_id].sort());
  expect(ids(file, "Cluster")).toEqual([east.clusterId]);
  expect(ids(file, "ServerlessCluster")).toEqual([west.id]);
  expect(ids(file, "Topic").sort()).toEqual(
    [`${east.clusterId}/orders`, `${east.clusterId}/payments`, `${west.id}/orders`].sort(),
  );
  expect(ids(file, "User")).toEqual([`${east.clusterId}/app`]);
  expect(ids(file, "Acl")).toHaveLength(2);
  expect(ids(file, "Schema")).toEqual([`${east.clusterId}/orders-value`]);
  expect(ids(file, "ServiceAccount")).toHaveLength(1);
  expect(ids(file, "OrganizationRole")).toEqual([]); // Reader, Writer, Admin are built in
  // Names: readable, unique, a kind added where a name is taken.
  const names = file.resources.map((r) => r.name);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toEqual(
    expect.arrayContaining(["east", "west", "eastCluster", "orders", "ordersTopic", "ordersValue"]),
  );
  expect(names).toContain("allowUserAppAllOnTopic");
  // A line per cluster, then what was left out.
  expect(run.stderr).toContain(
    `Cluster "east-cluster" (${east.clusterId}): 1 User, 2 Acl, 2 Topic, 1 Schema; 6 internal left out (`,
  );
  // The registry's first request makes Redpanda create `_schemas` (as the service does).
  expect(run.stderr).toMatch(
    new RegExp(`ServerlessCluster "west-sl" \\(${west.id}\\): 1 Topic(; 1 internal left out)? \\(`),
  );
  expect(run.stderr).toMatch(/left out \d+ internal objects \(--include-internal lists them\)/);
  expect(run.stderr).not.toContain(TOKEN);
});

it("--include-internal adds the topics and roles Redpanda keeps for itself", async () => {
  const run = await discover(["--include-internal"]);
  expect(run.code).toBe(0);
  const file = JSON.parse(run.stdout) as ImportFile;
  const topics = ids(file, "Topic").filter((id) => id.startsWith(`${east.clusterId}/`));
  expect(topics.sort()).toEqual(
    ["orders", "payments", ...INTERNAL_TOPICS].map((n) => `${east.clusterId}/${n}`).sort(),
  );
  expect(file.resources.filter((r) => r.type.endsWith(":OrganizationRole")).length).toBe(3);
});

it("narrows to resource groups and clusters, by id or name", async () => {
  const byGroup = await discover(["--resource-group", "west", "--out", "west.json"]);
  expect(byGroup.code).toBe(0);
  expect(read("west.json").resources.map((r) => [r.type.split(":")[2], r.id])).toEqual([
    ["ResourceGroup", west.resource_group_id],
    ["ServerlessCluster", west.id],
    ["Topic", `${west.id}/orders`],
  ]);
  expect(byGroup.stderr).not.toContain("east-cluster");

  const byCluster = await discover(["--cluster", east.clusterId, "--out", "east.json"]);
  expect(byCluster.code).toBe(0);
  const eastFile = read("east.json");
  expect(eastFile.resources.every((r) => r.id.startsWith(east.clusterId))).toBe(true);
  expect(ids(eastFile, "Cluster")).toEqual([east.clusterId]);
  expect(ids(eastFile, "Topic")).toHaveLength(2);

  const unknown = await discover(["--resource-group", "nowhere", "--out", "none.json"]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('no resource group has the id or name "nowhere"');
  expect(unknown.stderr).toContain('"west"');
  expect(fs.existsSync(path.join(dir, "none.json"))).toBe(false);
});

it("still lists a cluster whose data plane does not answer, says so and exits 3", async () => {
  await t.admin("POST", "/_admin/faults", {
    path: `^/dp/${west.id}/`,
    reset: true,
    times: 1e6,
  });
  try {
    const run = await discover(["--out", "partial.json"], {
      REDPANDA_REQUEST_DEADLINE_SECONDS: "2",
    });
    expect(run.code).toBe(3);
    const file = read("partial.json");
    expect(ids(file, "ServerlessCluster")).toEqual([west.id]);
    expect(ids(file, "Topic").filter((id) => id.startsWith(west.id))).toEqual([]);
    expect(ids(file, "Topic").filter((id) => id.startsWith(east.clusterId))).toHaveLength(2);
    expect(run.stderr).toContain(
      `warning: ServerlessCluster "west-sl" (${west.id}): its data-plane API was not listed`,
    );
    expect(run.stderr).toMatch(/left out: User, Acl, Role, RoleAssignment, Topic/);
    expect(run.stderr).toContain("INCOMPLETE: 1 cluster(s) not fully listed");
  } finally {
    await t.admin("DELETE", "/_admin/faults");
  }
});

it("takes credentials from the environment, warns of one on the command line, never prints it", async () => {
  const flagged = await discover(["--access-token", TOKEN, "--out", "flag.json"], {
    REDPANDA_ACCESS_TOKEN: "",
  });
  expect(flagged.code).toBe(0);
  expect(flagged.stderr).toContain(
    "warning: --access-token shows in the process list and shell history; prefer REDPANDA_ACCESS_TOKEN",
  );
  expect(flagged.output).not.toContain(TOKEN);
  const none = await discover([], { REDPANDA_ACCESS_TOKEN: "" });
  expect(none.code).toBe(2);
  expect(none.stderr).toContain("no credentials: set REDPANDA_ACCESS_TOKEN");
  const refused = await discover(["--out", "refused.json"], { REDPANDA_ACCESS_TOKEN: "wrong" });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("listing");
  expect(refused.stderr).toContain("401");
  expect(refused.output).not.toContain("wrong");
});

it("authenticates with a service account's client credentials, never printing the secret", async () => {
  const { client_id, client_secret } = serviceAccount.auth0_client_credentials;
  await ok("POST", "/v1/role-bindings", {
    role_binding: {
      role_name: "Reader",
      account_id: serviceAccount.id,
      scope: { resource_type: "SCOPE_RESOURCE_TYPE_ORGANIZATION" },
    },
  });
  const run = await discover(["--out", "sa.json"], {
    REDPANDA_ACCESS_TOKEN: "",
    REDPANDA_CLIENT_ID: client_id,
    REDPANDA_CLIENT_SECRET: client_secret,
    REDPANDA_AUTH_URL: `${t.emu.url}/oauth/token`,
    REDPANDA_TOKEN_CACHE_DISABLE: "1",
  });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  expect(ids(read("sa.json"), "Topic")).toHaveLength(3);
  expect(run.output).not.toContain(client_secret);
});

it("sends credentials over TLS only: an API URL or a cluster's address in plain HTTP off this machine is refused before any request, unless REDPANDA_ALLOW_PLAIN_HTTP=true", async () => {
  // The emulator at 0.0.0.0: not loopback to the rule, yet on this machine (see
  // tests/integration/provider/plain-http.test.ts).
  const clear = t.emu.url.replace("127.0.0.1", "0.0.0.0");
  const sent = async () =>
    ((await t.admin("GET", "/_admin/requests")) as { entries: { path: string }[] }).entries;
  await t.admin("DELETE", "/_admin/requests");
  const refused = await discover(["--api-url", clear, "--out", "clear.json"]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(
    `--api-url (REDPANDA_API_URL) "${clear}" is plain HTTP to a host that is not loopback: the API token would cross the network in clear.`,
  );
  expect(refused.stderr).toContain("set REDPANDA_ALLOW_PLAIN_HTTP=true");
  expect(refused.output).not.toContain(TOKEN);
  expect(fs.existsSync(path.join(dir, "clear.json"))).toBe(false);
  expect(await sent()).toEqual([]);

  // The control plane reports west's data plane in plain HTTP: west is listed, not its contents.
  await t.admin("PUT", `/_admin/dataplane-url/${west.id}`, { url: `${clear}/dp/${west.id}` });
  try {
    const skipped = await discover(["--out", "clear-dp.json"]);
    expect(skipped.code).toBe(3);
    expect(skipped.stderr).toMatch(
      new RegExp(
        `warning: ServerlessCluster "west-sl" \\(${west.id}\\): its data-plane API was not listed: ` +
          `GET /dp/${west.id}/v1/\\S+ was not sent: its URL "${clear}/dp/${west.id}/v1/\\S+" is plain HTTP`,
      ),
    );
    expect(ids(read("clear-dp.json"), "ServerlessCluster")).toEqual([west.id]);
    expect((await sent()).filter((e) => e.path.startsWith(`/dp/${west.id}/`))).toEqual([]);

    const allowed = await discover(["--api-url", clear, "--out", "opted-in.json"], {
      REDPANDA_ALLOW_PLAIN_HTTP: "true",
    });
    expect(allowed.code).toBe(0);
    expect(ids(read("opted-in.json"), "Topic")).toContain(`${west.id}/orders`);
  } finally {
    await t.admin("DELETE", `/_admin/dataplane-url/${west.id}`);
  }
});

const readOnly = (config: (key: string) => string | undefined) =>
  new ProviderInstance(config, () => undefined, { readOnly: true }).clients();

it("builds read-only clients: a write is refused before it is sent", async () => {
  const config = (key: string) => ({ apiUrl: t.emu.url, accessToken: TOKEN })[key];
  await t.admin("DELETE", "/_admin/requests");
  await expect(createResourceGroup(readOnly(config).controlPlane, "never")).rejects.toThrow(
    "these API clients are read-only: only GET requests are sent",
  );
  expect(((await t.admin("GET", "/_admin/requests")) as { entries: unknown[] }).entries).toEqual(
    [],
  );
  // The same configuration's ordinary clients write.
  await createResourceGroup(
    new ProviderInstance(config, () => undefined).clients().controlPlane,
    "written",
  );
  expect(((await t.admin("GET", "/_admin/requests")) as { entries: unknown[] }).entries).toEqual([
    expect.objectContaining({ method: "POST", route: "/v1/resource-groups" }),
  ]);
});
