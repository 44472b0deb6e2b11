// From a Terraform state of the vendor's provider to the plugin's import file
// (provider/migrate/from-terraform.ts, terraform-state.ts; each kind's terraform.ts): every
// resource type of the provider maps to a kind with the import id the plugin reads
// (docs/plugin.md); `count` and `for_each` instances and modules are named from their address;
// data sources and other providers' resources are skipped and listed; the state file and
// `terraform show -json` give the same plan; what only the state holds is listed, never copied.
import * as fs from "node:fs";
import * as path from "node:path";
import { bridgedTokenOf } from "../../../provider/declare/terraform";
import { KINDS } from "../../../provider/kinds/registry";
import { TERRAFORM_MAPPINGS } from "../../../provider/kinds/terraform-mappings";
import { planFromTerraform } from "../../../provider/migrate/from-terraform";
import { readTerraformState } from "../../../provider/migrate/terraform-state";
import type { TfResource } from "../../support/terraform-state";
import { showJson, stateV4 } from "../../support/terraform-state";

const DP = "https://api-4f1c2a.cl0a1b2c3d4e5f6g7h8i.fmc.prd.cloud.redpanda.com";
const CLUSTER = "cl0a1b2c3d4e5f6g7h8i";
const SL_DP = "https://api-9e8d7c.sl0a1b2c3d4e5f6g7h8i.byoc.prd.cloud.redpanda.com";
const RANDOM = "registry.terraform.io/hashicorp/random";

/** The 16 resource types of the provider v2.1.0 (its docs/resources/*.md). */
const VENDOR_TYPES = [
  "redpanda_acl",
  "redpanda_cluster",
  "redpanda_network",
  "redpanda_pipeline",
  "redpanda_resource_group",
  "redpanda_role",
  "redpanda_role_assignment",
  "redpanda_schema",
  "redpanda_schema_registry_acl",
  "redpanda_secret",
  "redpanda_serverless_cluster",
  "redpanda_serverless_private_link",
  "redpanda_service_account",
  "redpanda_shadow_link",
  "redpanda_topic",
  "redpanda_user",
];

const one = (type: string, name: string, attributes: Record<string, unknown>): TfResource => ({
  type,
  name,
  instances: [{ attributes }],
});

/** A configuration with every resource type, a for_each, a count, a module, a data source and another provider. */
const RESOURCES: TfResource[] = [
  one("redpanda_resource_group", "team", {
    id: "a0c1e0f4-2c1b-4e0e-9d7e-0f3c2b1a0e9d",
    name: "team",
  }),
  one("redpanda_network", "net", {
    id: "nw0a1b2c3d4e5f6g7h8i",
    name: "team-net",
    cloud_provider: "gcp",
    cluster_type: "dedicated",
    region: "us-central1",
    cidr_block: "10.0.0.0/20",
    resource_group_id: "a0c1e0f4-2c1b-4e0e-9d7e-0f3c2b1a0e9d",
    state: "STATE_READY",
  }),
  one("redpanda_cluster", "main", {
    id: CLUSTER,
    name: "main",
    cloud_provider: "gcp",
    cluster_type: "dedicated",
    connection_type: "public",
    throughput_tier: "tier-1-gcp-um4g",
    zones: ["us-central1-a"],
    cluster_api_url: DP,
    allow_deletion: false,
  }),
  {
    mode: "data",
    type: "redpanda_cluster",
    name: "existing",
    instances: [{ attributes: { id: CLUSTER, name: "main", cluster_api_url: DP } }],
  },
  {
    type: "random_password",
    name: "app",
    provider: RANDOM,
    instances: [
      { indexKey: 0, attributes: { id: "none", length: 24, result: "s3cr3t-from-random" } },
    ],
  },
  {
    type: "redpanda_topic",
    name: "events",
    instances: ["clicks", "views"].map((k) => ({
      indexKey: k,
      attributes: {
        id: k,
        name: k,
        cluster_api_url: DP,
        partition_count: 3,
        replication_factor: 3,
      },
    })),
  },
  {
    type: "redpanda_user",
    name: "app",
    instances: [0, 1].map((n) => ({
      indexKey: n,
      attributes: {
        id: `app-${n}`,
        name: `app-${n}`,
        cluster_api_url: DP,
        mechanism: "scram-sha-256",
        ...(n === 0 ? { password: "s3cr3t-from-random" } : { password_wo_version: 1 }),
        allow_deletion: true,
      },
    })),
  },
  one("redpanda_acl", "app_reads", {
    id: "TOPIC:clicks:LITERAL:User:app-0:*:READ:ALLOW",
    cluster_api_url: DP,
    resource_type: "TOPIC",
    resource_name: "clicks",
    resource_pattern_type: "LITERAL",
    principal: "User:app-0",
    host: "*",
    operation: "READ",
    permission_type: "ALLOW",
  }),
  one("redpanda_role", "readers", { id: "readers", name: "readers", cluster_api_url: DP }),
  one("redpanda_role_assignment", "readers_app", {
    id: "readers:User:app-1",
    role_name: "readers",
    principal: "User:app-1",
    cluster_api_url: DP,
  }),
  one("redpanda_schema", "clicks_value", {
    id: 1,
    cluster_id: CLUSTER,
    subject: "clicks-value",
    schema_type: "AVRO",
    schema: '{"type":"string"}',
    compatibility: "BACKWARD",
    username: "app-0",
    password: "s3cr3t-from-random",
    version: 1,
  }),
  one("redpanda_schema_registry_acl", "sr_read", {
    id: "CL:User:app-0:SUBJECT:clicks-value:LITERAL:*:READ:ALLOW",
    cluster_id: CLUSTER,
    principal: "User:app-0",
    resource_type: "SUBJECT",
    resource_name: "clicks-value",
    pattern_type: "LITERAL",
    host: "*",
    operation: "READ",
    permission: "ALLOW",
  }),
  one("redpanda_secret", "pg", {
    id: "PG_PASSWORD",
    name: "PG_PASSWORD",
    cluster_api_url: DP,
    scopes: ["SCOPE_REDPANDA_CONNECT"],
  }),
  one("redpanda_pipeline", "ingest", {
    id: "d1cv6lj0ts6c73ebjdvg",
    display_name: "ingest",
    cluster_api_url: DP,
    config_yaml: "input: {}",
    state: "running",
  }),
  one("redpanda_serverless_cluster", "dev", {
    id: "sl0a1b2c3d4e5f6g7h8i",
    name: "dev",
    serverless_region: "pro-us-east-1",
    cluster_api_url: SL_DP,
  }),
  one("redpanda_serverless_private_link", "pl", { id: "pl0a1b2c3d4e5f6g7h8i", name: "pl" }),
  one("redpanda_service_account", "ci", {
    id: "sa0a1b2c3d4e5f6g7h8i",
    name: "ci-bot",
    description: "",
  }),
  one("redpanda_shadow_link", "dr", { id: "sh0a1b2c3d4e5f6g7h8i", name: "dr" }),
  {
    ...one("redpanda_topic", "audit", { id: "audit", name: "audit", cluster_api_url: DP }),
    module: "module.kafka",
  },
];

const plan = planFromTerraform(readTerraformState(stateV4(RESOURCES)));

it("maps every resource type of the vendor's provider, with a folder's kind and the bridged token", () => {
  const mapped = Object.entries(TERRAFORM_MAPPINGS);
  expect(mapped.map(([, m]) => m.resourceType).sort()).toEqual(VENDOR_TYPES);
  for (const [folder, m] of mapped) {
    expect([folder, m.kind]).toEqual([folder, KINDS[folder]?.type]);
    expect(m.bridgedToken).toBe(bridgedTokenOf(m.resourceType));
  }
  // The generated list holds every kind folder that has a terraform.ts.
  const kindsDir = path.join(__dirname, "..", "..", "..", "provider", "kinds");
  const withFile = Object.keys(KINDS).filter((f) =>
    fs.existsSync(path.join(kindsDir, f, "terraform.ts")),
  );
  expect(Object.keys(TERRAFORM_MAPPINGS).sort()).toEqual(withFile.sort());
});

it("writes each instance's plugin type, a readable unique name and the import id the plugin reads", () => {
  expect(plan.importFile.resources).toEqual([
    {
      type: "redpandacloud:index:ResourceGroup",
      name: "team",
      id: "a0c1e0f4-2c1b-4e0e-9d7e-0f3c2b1a0e9d",
    },
    { type: "redpandacloud:index:Network", name: "net", id: "nw0a1b2c3d4e5f6g7h8i" },
    { type: "redpandacloud:index:Cluster", name: "main", id: CLUSTER },
    { type: "redpandacloud:index:Topic", name: "eventsClicks", id: `${DP}|clicks` },
    { type: "redpandacloud:index:Topic", name: "eventsViews", id: `${DP}|views` },
    { type: "redpandacloud:index:User", name: "app0", id: `${DP}|app-0` },
    { type: "redpandacloud:index:User", name: "app1", id: `${DP}|app-1` },
    {
      type: "redpandacloud:index:Acl",
      name: "appReads",
      id: `${DP}|RESOURCE_TYPE_TOPIC|RESOURCE_PATTERN_TYPE_LITERAL|clicks|User:app-0|*|OPERATION_READ|PERMISSION_TYPE_ALLOW`,
    },
    { type: "redpandacloud:index:Role", name: "readers", id: `${DP}|readers` },
    {
      type: "redpandacloud:index:RoleAssignment",
      name: "readersApp",
      id: `${DP}|readers/User:app-1`,
    },
    { type: "redpandacloud:index:Schema", name: "clicksValue", id: `${CLUSTER}/clicks-value` },
    {
      type: "redpandacloud:index:SchemaRegistryAcl",
      name: "srRead",
      id: `${CLUSTER}/SUBJECT|LITERAL|clicks-value|User:app-0|*|READ|ALLOW`,
    },
    { type: "redpandacloud:index:Secret", name: "pg", id: `${DP}|PG_PASSWORD` },
    { type: "redpandacloud:index:Pipeline", name: "ingest", id: `${DP}|d1cv6lj0ts6c73ebjdvg` },
    { type: "redpandacloud:index:ServerlessCluster", name: "dev", id: "sl0a1b2c3d4e5f6g7h8i" },
    { type: "redpandacloud:index:ServerlessPrivateLink", name: "pl", id: "pl0a1b2c3d4e5f6g7h8i" },
    { type: "redpandacloud:index:ServiceAccount", name: "ci", id: "sa0a1b2c3d4e5f6g7h8i" },
    { type: "redpandacloud:index:ShadowLink", name: "dr", id: "sh0a1b2c3d4e5f6g7h8i" },
    { type: "redpandacloud:index:Topic", name: "kafkaAudit", id: `${DP}|audit` },
  ]);
});

it("skips data sources and other providers' resources and lists them", () => {
  expect(plan.skipped).toEqual({
    dataSources: ["data.redpanda_cluster.existing"],
    otherProviders: ["random_password.app[0]"],
    unmapped: [],
  });
});

it("prints a quoted `terraform state rm` per moved instance", () => {
  expect(plan.stateRmCommands).toHaveLength(19);
  expect(plan.stateRmCommands).toContain(`terraform state rm 'redpanda_topic.events["clicks"]'`);
  expect(plan.stateRmCommands).toContain(`terraform state rm 'redpanda_user.app[1]'`);
  expect(plan.stateRmCommands).toContain("terraform state rm redpanda_cluster.main");
  expect(plan.stateRmCommands.at(-1)).toBe("terraform state rm module.kafka.redpanda_topic.audit");
});

it("lists what only the state holds, under config keys, without its value", () => {
  expect(plan.carried).toEqual([
    {
      source: "redpanda_user.app[0]",
      attribute: "password",
      name: "app0",
      input: "password",
      configKey: "app0Password",
      what: "the user's password",
    },
    expect.objectContaining({
      source: "redpanda_schema.clicks_value",
      configKey: "clicksValueUsername",
    }),
    expect.objectContaining({
      source: "redpanda_schema.clicks_value",
      configKey: "clicksValuePassword",
    }),
  ]);
  expect(JSON.stringify([plan.importFile, plan.carried, plan.stateRmCommands])).not.toContain(
    "s3cr3t",
  );
});

it("reads `terraform show -json` of the same state to the same plan", () => {
  expect(planFromTerraform(readTerraformState(showJson(RESOURCES)))).toEqual(plan);
});

it("reads the v1.x forms: a bare role member, enums already in full", () => {
  const v1 = planFromTerraform(
    readTerraformState(
      stateV4([
        one("redpanda_role_assignment", "legacy", {
          id: "readers:alice",
          role_name: "readers",
          principal: "alice",
          cluster_api_url: DP,
        }),
        one("redpanda_acl", "full", {
          cluster_api_url: DP,
          resource_type: "RESOURCE_TYPE_GROUP",
          resource_name: "app-",
          resource_pattern_type: "PREFIXED",
          principal: "User:alice",
          host: "*",
          operation: "ALL",
          permission_type: "DENY",
        }),
      ]),
    ),
  );
  expect(v1.importFile.resources.map((r) => r.id)).toEqual([
    `${DP}|readers/User:alice`,
    `${DP}|RESOURCE_TYPE_GROUP|RESOURCE_PATTERN_TYPE_PREFIXED|app-|User:alice|*|OPERATION_ALL|PERMISSION_TYPE_DENY`,
  ]);
});

it("names collisions by kind, then by number", () => {
  const twins = planFromTerraform(
    readTerraformState(
      stateV4([
        one("redpanda_topic", "orders", { name: "orders", cluster_api_url: DP }),
        one("redpanda_user", "orders", { name: "orders", cluster_api_url: DP }),
        {
          ...one("redpanda_topic", "orders", { name: "o2", cluster_api_url: DP }),
          module: "module.x",
        },
        { ...one("redpanda_topic", "x_orders", { name: "o3", cluster_api_url: DP }) },
      ]),
    ),
  );
  expect(twins.importFile.resources.map((r) => r.name)).toEqual([
    "orders",
    "ordersUser",
    "xOrders",
    "xOrdersTopic",
  ]);
});

it("refuses what it cannot read, naming the instance", () => {
  expect(() =>
    planFromTerraform(
      readTerraformState(stateV4([one("redpanda_topic", "t", { id: "t", name: "t" })])),
    ),
  ).toThrow("redpanda_topic.t has no cluster_api_url in the state");
  expect(() => readTerraformState({ format_version: "1.2", planned_values: {} })).toThrow(
    /this is a plan/,
  );
  expect(() => readTerraformState({ version: 3, modules: [] })).toThrow(/version 3 state/);
  expect(() => readTerraformState([])).toThrow(/not a Terraform state/);
});
