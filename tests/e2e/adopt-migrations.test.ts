// Taking over what Terraform or the bridged `redpanda` package manages (docs/adopt.md), through the
// real CLI and the package's own bins against the emulator. Objects made through the REST API
// only: a resource group, network, Dedicated cluster, two topics, two users, an ACL, a schema.
// (a) A Terraform state as Terraform writes it with the vendor's provider (a `for_each`, a `count`,
//     a data source, another provider's resource) → `redpanda-cloud-migrate-from-terraform` →
//     `pulumi import --file` into a YAML program → preview changes nothing → the user's password
//     carried over from the state without being shown, and an in-place topic change → the API
//     shows both.
// (b) The same objects in a stack of the bridged package, exported as Pulumi exports it (the
//     password encrypted) → `redpanda-cloud-migrate-to-plugin` → import, the password carried over
//     from a `--show-secrets` export, the bridged entries and provider deleted from the state →
//     preview changes nothing → an in-place change → the API shows it.
// Nothing in the emulator changes until the program changes it. One stack per scenario.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { parse, stringify } from "yaml";
import type { ResponseBody, TestEmulator } from "../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  operationDone,
  startTestEmulator,
} from "../support/emulator";
import { bridgedExport, plaintextSecret } from "../support/bridged-export";
import type { BridgedResource } from "../support/bridged-export";
import { languageHosts } from "../support/language-hosts";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack } from "../support/pulumi";
import type { TfResource } from "../support/terraform-state";
import { stateV4 } from "../support/terraform-state";

const LAUNCHER_DIR = path.join(REPO_ROOT, "provider", "plugin", "bin");
const PLUGINS = { providers: [{ name: "redpandacloud", path: LAUNCHER_DIR }] };
/** The package's bins, as `npm install` links them. */
const BINS = path.join(REPO_ROOT, "node_modules", ".bin");
const PASSWORDS = ["tf-made-password-0", "tf-made-password-1"];
const AVRO = '{"type":"record","name":"Click","fields":[{"name":"id","type":"string"}]}';

interface Objects {
  rg: string;
  net: string;
  cluster: ResponseBody;
  dp: string;
}

let t: TestEmulator;
let o: Objects;
const cleanup: (() => Promise<void>)[] = [];

async function ok(method: string, url: string, body?: unknown): Promise<ResponseBody> {
  const res = await t.call(method, url, body);
  if (res.status >= 300)
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What a Terraform configuration (or a bridged program) made, made here through the REST API. */
async function makeObjects(): Promise<Objects> {
  const rg = (await ok("POST", "/v1/resource-groups", { resource_group: { name: "tf-team" } }))
    .resource_group.id as string;
  const netOp = await ok("POST", "/v1/networks", {
    network: {
      name: "tf-net",
      resource_group_id: rg,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      cluster_type: "TYPE_DEDICATED",
      cidr_block: "10.72.0.0/20",
    },
  });
  await operationDone(t, netOp.operation.id);
  const net = netOp.operation.resource_id as string;
  const clOp = await ok("POST", "/v1/clusters", {
    cluster: {
      name: "tf-main",
      resource_group_id: rg,
      network_id: net,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      zones: ["use1-az1"],
      throughput_tier: "tier-1-aws-v3-arm",
      type: "TYPE_DEDICATED",
      connection_type: "CONNECTION_TYPE_PUBLIC",
    },
  });
  await operationDone(t, clOp.operation.id);
  const cluster = await eventually(async () => {
    const c = (await t.call("GET", `/v1/clusters/${clOp.operation.resource_id}`)).body.cluster;
    return c.state === "STATE_READY" ? c : undefined;
  });
  const dp = cluster.dataplane_api.url as string;
  for (const name of ["clicks", "views"]) {
    await ok("POST", `${dp}/v1/topics`, { name, partition_count: 3, replication_factor: 3 });
  }
  for (const [n, password] of PASSWORDS.entries()) {
    await ok("POST", `${dp}/v1/users`, {
      name: `app-${n}`,
      password,
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    });
  }
  await ok("POST", `${dp}/v1/acls`, {
    resource_type: "RESOURCE_TYPE_TOPIC",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
    resource_name: "clicks",
    principal: "User:app-0",
    host: "*",
    operation: "OPERATION_READ",
    permission_type: "PERMISSION_TYPE_ALLOW",
  });
  await ok("POST", `${cluster.schema_registry.url}/subjects/clicks-value/versions`, {
    schema: AVRO,
    schemaType: "AVRO",
  });
  return { rg, net, cluster, dp };
}

/** A YAML project on the plugin, its stack on the emulator. */
async function yamlProject(name: string): Promise<{ dir: string; stack: TestStack }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-${name}-`));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({ name, runtime: "yaml", plugins: PLUGINS }),
  );
  const stack = await openTestStack({
    workDir: dir,
    config: {
      "redpandacloud:apiUrl": t.emu.url,
      "redpandacloud:accessToken": { value: TOKEN, secret: true },
    },
    env: languageHosts(["yaml"]).env,
  });
  cleanup.push(async () => {
    await stack.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir, stack };
}

/** A shell command as a user types it, in the project, with the CLI's and the package's bins. */
async function sh(
  dir: string,
  stack: TestStack,
  command: string,
): Promise<{ stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    ...stack.cliEnv,
    PATH: `${BINS}${path.delimiter}${stack.cliEnv.PATH}`,
  };
  try {
    return await promisify(execFile)("bash", ["-o", "pipefail", "-c", command], {
      cwd: dir,
      env,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    e.message = `${e.message}\n--- stdout ---\n${e.stdout ?? ""}\n--- stderr ---\n${e.stderr ?? ""}`;
    throw e;
  }
}

type Program = Record<string, { type: string; properties: Record<string, unknown> }>;

/** `pulumi import --file` with the generated YAML: the program's resources. */
async function importInto(dir: string, stack: TestStack, count: number): Promise<Program> {
  const run = stack.startCli([
    "import",
    "--file",
    "import.json",
    "--out",
    "imported.yaml",
    "--yes",
    "--protect=false",
  ]);
  const { code, output } = await run.exited;
  expect({ code, output }).toEqual({
    code: 0,
    output: expect.stringContaining(`= ${count} imported`),
  });
  return (parse(fs.readFileSync(path.join(dir, "imported.yaml"), "utf8")) as { resources: Program })
    .resources;
}

function writeProgram(
  dir: string,
  name: string,
  resources: Program,
  config: Record<string, unknown> = {},
) {
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({ name, runtime: "yaml", plugins: PLUGINS, config, resources }),
  );
}

const partitions = async (topic: string) =>
  (
    (await ok("GET", `${o.dp}/v1/topics`)).topics as { name: string; partition_count: number }[]
  ).find((x) => x.name === topic)?.partition_count;
const dataPlane = () => JSON.stringify(t.emu.world().dataplanes[o.cluster.id]);
const userPassword = (name: string) =>
  t.emu.world().dataplanes[o.cluster.id]?.users[name]?.password;

beforeAll(async () => {
  t = await startTestEmulator();
  o = await makeObjects();
});

afterAll(async () => {
  for (const c of cleanup) await c().catch(() => undefined);
  await t?.close();
  expectAllResponsesValid(t, "adopt-migrations");
});

/** The configuration's state: attribute names and value forms of the provider's own schema docs. */
function terraformResources(): TfResource[] {
  const { rg, net, cluster, dp } = o;
  const one = (type: string, name: string, attributes: Record<string, unknown>): TfResource => ({
    type,
    name,
    instances: [{ attributes }],
  });
  return [
    {
      type: "random_password",
      name: "app",
      provider: "registry.terraform.io/hashicorp/random",
      instances: PASSWORDS.map((result, n) => ({
        indexKey: n,
        attributes: { id: "none", length: 18, special: false, result },
      })),
    },
    one("redpanda_resource_group", "team", { id: rg, name: "tf-team" }),
    one("redpanda_network", "net", {
      id: net,
      name: "tf-net",
      resource_group_id: rg,
      cloud_provider: "aws",
      region: "us-east-1",
      cluster_type: "dedicated",
      cidr_block: "10.72.0.0/20",
      state: "STATE_READY",
      zones: ["use1-az1"],
    }),
    one("redpanda_cluster", "main", {
      id: cluster.id,
      name: "tf-main",
      resource_group_id: rg,
      network_id: net,
      cloud_provider: "aws",
      region: "us-east-1",
      cluster_type: "dedicated",
      connection_type: "public",
      throughput_tier: "tier-1-aws-v3-arm",
      zones: ["use1-az1"],
      cluster_api_url: dp,
      state: "STATE_READY",
      allow_deletion: false,
    }),
    {
      mode: "data",
      type: "redpanda_cluster",
      name: "main_lookup",
      instances: [{ attributes: { id: cluster.id, name: "tf-main", cluster_api_url: dp } }],
    },
    {
      type: "redpanda_topic",
      name: "events",
      instances: ["clicks", "views"].map((name) => ({
        indexKey: name,
        attributes: {
          id: name,
          name,
          cluster_api_url: dp,
          partition_count: 3,
          replication_factor: 3,
          configuration: {},
          allow_deletion: false,
        },
      })),
    },
    {
      type: "redpanda_user",
      name: "app",
      instances: PASSWORDS.map((password, n) => ({
        indexKey: n,
        attributes: {
          id: `app-${n}`,
          name: `app-${n}`,
          cluster_api_url: dp,
          mechanism: "scram-sha-256",
          password,
          allow_deletion: true,
        },
      })),
    },
    one("redpanda_acl", "app_reads_clicks", {
      id: "TOPIC:clicks:LITERAL:User:app-0:*:READ:ALLOW",
      cluster_api_url: dp,
      resource_type: "TOPIC",
      resource_name: "clicks",
      resource_pattern_type: "LITERAL",
      principal: "User:app-0",
      host: "*",
      operation: "READ",
      permission_type: "ALLOW",
      allow_deletion: true,
    }),
    one("redpanda_schema", "clicks_value", {
      id: 1,
      cluster_id: cluster.id,
      subject: "clicks-value",
      schema_type: "AVRO",
      schema: AVRO,
      compatibility: "BACKWARD",
      version: 1,
      allow_deletion: true,
    }),
  ];
}

it("(a) takes over a Terraform state's objects with nothing changed, then manages them", async () => {
  const started = Date.now();
  const { dir, stack } = await yamlProject("from-terraform");
  fs.writeFileSync(
    path.join(dir, "terraform.tfstate"),
    JSON.stringify(stateV4(terraformResources())),
  );
  const before = dataPlane();

  const tool = await sh(
    dir,
    stack,
    `redpanda-cloud-migrate-from-terraform terraform.tfstate --out import.json --commands forget.sh --stack ${stack.stackName}`,
  );
  const stateRm = [
    "terraform state rm redpanda_resource_group.team",
    "terraform state rm redpanda_network.net",
    "terraform state rm redpanda_cluster.main",
    `terraform state rm 'redpanda_topic.events["clicks"]'`,
    `terraform state rm 'redpanda_topic.events["views"]'`,
    "terraform state rm 'redpanda_user.app[0]'",
    "terraform state rm 'redpanda_user.app[1]'",
    "terraform state rm redpanda_acl.app_reads_clicks",
    "terraform state rm redpanda_schema.clicks_value",
  ];
  expect(tool.stdout.trim().split("\n")).toEqual(stateRm);
  expect(fs.readFileSync(path.join(dir, "forget.sh"), "utf8")).toContain(stateRm.join("\n"));
  expect(tool.stderr).toContain(
    "skipped 1 data source(s) (read-only: nothing to import):\n  data.redpanda_cluster.main_lookup",
  );
  expect(tool.stderr).toContain(
    "skipped 2 resource(s) of other providers:\n  random_password.app[0]\n  random_password.app[1]",
  );
  for (const p of PASSWORDS) expect(tool.stdout + tool.stderr).not.toContain(p);

  const program = await importInto(dir, stack, 9);
  expect(Object.keys(program)).toEqual([
    "team",
    "net",
    "main",
    "eventsClicks",
    "eventsViews",
    "app0",
    "app1",
    "appReadsClicks",
    "clicksValue",
  ]);
  writeProgram(dir, "from-terraform", program);
  expect((await stack.preview()).changes).toEqual({ same: 9 });
  expect(dataPlane()).toBe(before);

  // The passwords only the state held, moved with the printed command, never shown.
  const advice = tool.stderr.split("\n").filter((l) => l.includes("| pulumi config set"));
  expect(advice).toHaveLength(2);
  for (const line of advice) {
    const moved = await sh(dir, stack, line.trim());
    for (const p of PASSWORDS) expect(moved.stdout + moved.stderr).not.toContain(p);
  }
  program.app1!.properties.password = "${app1Password}";
  program.eventsClicks!.properties.partitionCount = 6;
  writeProgram(dir, "from-terraform", program, { app1Password: { type: "string", secret: true } });
  const up = await stack.up();
  expect(up.changes).toEqual({ update: 2, same: 7 });
  expect(await partitions("clicks")).toBe(6);
  expect(userPassword("app-1")).toBe(PASSWORDS[1]);
  expect(stack.findInBackend(PASSWORDS)).toEqual([]);
  process.stdout.write(`(a) Terraform: ${(Date.now() - started) / 1000} s\n`);
});

/** The same objects as the bridged package (v1.6.0) holds them: Terraform's ids and attributes. */
function bridgedResources(): BridgedResource[] {
  const { rg, net, cluster, dp } = o;
  return [
    {
      token: "redpanda:index/resourceGroup:ResourceGroup",
      name: "team",
      id: rg,
      inputs: { name: "tf-team" },
    },
    {
      token: "redpanda:index/network:Network",
      name: "net",
      id: net,
      inputs: {
        name: "tf-net",
        resourceGroupId: rg,
        cloudProvider: "aws",
        region: "us-east-1",
        clusterType: "dedicated",
        cidrBlock: "10.72.0.0/20",
      },
      computed: { state: "STATE_READY", zones: ["use1-az1"] },
      dependsOn: ["team"],
    },
    {
      token: "redpanda:index/cluster:Cluster",
      name: "main",
      id: cluster.id,
      inputs: {
        name: "tf-main",
        resourceGroupId: rg,
        networkId: net,
        cloudProvider: "aws",
        region: "us-east-1",
        clusterType: "dedicated",
        connectionType: "public",
        throughputTier: "tier-1-aws-v3-arm",
        zones: ["use1-az1"],
      },
      computed: { clusterApiUrl: dp, state: "STATE_READY", allowDeletion: false },
      dependsOn: ["team", "net"],
      protect: true,
    },
    ...["clicks", "views"].map((name) => ({
      token: "redpanda:index/topic:Topic",
      name: `${name}-topic`,
      id: name,
      inputs: { name, clusterApiUrl: dp, partitionCount: 3, replicationFactor: 3 },
      computed: { configuration: {}, allowDeletion: false },
      dependsOn: ["main"],
    })),
    {
      token: "redpanda:index/user:User",
      name: "app",
      id: "app-0",
      inputs: {
        name: "app-0",
        clusterApiUrl: dp,
        mechanism: "scram-sha-256",
        password: plaintextSecret(PASSWORDS[0]),
      },
      computed: { allowDeletion: false },
      dependsOn: ["main"],
    },
    {
      token: "redpanda:index/acl:Acl",
      name: "app-reads-clicks",
      id: "TOPIC:clicks:LITERAL:User:app-0:*:READ:ALLOW",
      inputs: {
        clusterApiUrl: dp,
        resourceType: "TOPIC",
        resourceName: "clicks",
        resourcePatternType: "LITERAL",
        principal: "User:app-0",
        host: "*",
        operation: "READ",
        permissionType: "ALLOW",
      },
      dependsOn: ["clicks-topic", "app"],
    },
    {
      token: "redpanda:index/schema:Schema",
      name: "clicks-value",
      id: "1",
      inputs: { clusterId: cluster.id, subject: "clicks-value", schemaType: "AVRO", schema: AVRO },
      computed: { version: 1, compatibility: "BACKWARD" },
      dependsOn: ["main"],
    },
  ];
}

it("(b) moves a bridged-package stack's objects to the plugin with nothing changed", async () => {
  const started = Date.now();
  const { dir, stack } = await yamlProject("from-bridged");
  // The stack as the bridged package left it; `pulumi stack import` encrypts its secrets.
  const settings = parse(
    fs.readFileSync(path.join(dir, `Pulumi.${stack.stackName}.yaml`), "utf8"),
  ) as { encryptionsalt: string };
  const doc = bridgedExport("from-bridged", stack.stackName, bridgedResources(), {
    type: "passphrase",
    state: { salt: settings.encryptionsalt },
  });
  fs.writeFileSync(path.join(dir, "bridged.json"), JSON.stringify(doc));
  await sh(dir, stack, `pulumi stack import --file bridged.json --stack ${stack.stackName}`);
  await sh(dir, stack, `pulumi stack export --file export.json --stack ${stack.stackName}`);
  const exported = fs.readFileSync(path.join(dir, "export.json"), "utf8");
  expect(exported).toContain('"ciphertext"');
  expect(exported).not.toContain(PASSWORDS[0]);
  const before = dataPlane();

  const tool = await sh(
    dir,
    stack,
    `redpanda-cloud-migrate-to-plugin export.json --out import.json --commands drop-bridged.sh --stack ${stack.stackName}`,
  );
  expect(tool.stderr).toContain(
    "8 resources (1 ResourceGroup, 1 Network, 1 Cluster, 2 Topic, 1 User, 1 Acl, 1 Schema)",
  );
  // The password only the old state holds: moved while the old entries are there, never shown.
  const advice = tool.stderr.split("\n").filter((l) => l.includes("| pulumi config set"));
  expect(advice).toHaveLength(1);
  const moved = await sh(dir, stack, advice[0]!.trim());
  expect(moved.stdout + moved.stderr).not.toContain(PASSWORDS[0]);

  // The bridged package's plugin is not installed here (it cannot be downloaded): its entries are
  // dropped before the import, which would otherwise load it for the provider they reference
  // (docs/adopt.md gives both orders; export.json is the way back).
  await sh(dir, stack, "bash drop-bridged.sh");
  const left = ((await stack.exportState()) as { resources: { type: string }[] }).resources.map(
    (r) => r.type,
  );
  expect(
    left.filter((type) => type.startsWith("redpanda:") || type === "pulumi:providers:redpanda"),
  ).toEqual([]);
  const program = await importInto(dir, stack, 8);
  expect(Object.keys(program)).toEqual([
    "team",
    "net",
    "main",
    "clicksTopic",
    "viewsTopic",
    "app",
    "appReadsClicks",
    "clicksValue",
  ]);

  writeProgram(dir, "from-bridged", program);
  expect((await stack.preview()).changes).toEqual({ same: 8 });
  expect(dataPlane()).toBe(before);

  program.app!.properties.password = "${appPassword}";
  program.viewsTopic!.properties.partitionCount = 4;
  writeProgram(dir, "from-bridged", program, { appPassword: { type: "string", secret: true } });
  expect((await stack.up()).changes).toEqual({ update: 2, same: 6 });
  expect(await partitions("views")).toBe(4);
  expect(userPassword("app-0")).toBe(PASSWORDS[0]);
  expect(stack.findInBackend([PASSWORDS[0]!])).toEqual([]);
  process.stdout.write(`(b) bridged package: ${(Date.now() - started) / 1000} s\n`);
});
