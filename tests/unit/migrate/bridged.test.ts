// From a stack of the bridged `redpanda` package (v1.6.0 of the vendor's Terraform provider) to
// the plugin's import file (provider/migrate/plan.ts; each kind's terraform.ts): each bridged
// resource moves under its plugin type with the import id the plugin reads, its state entries are
// deleted dependents first and the bridged provider last, and an encrypted password is listed to
// carry over, never read.
import { planMigration } from "../../../provider/migrate/plan";
import type { StackExport } from "../../../provider/migrate/types";
import type { BridgedResource } from "../../support/bridged-export";
import { bridgedExport, encryptedSecret } from "../../support/bridged-export";

const DP = "https://api-4f1c2a.cl0a1b2c3d4e5f6g7h8i.fmc.prd.cloud.redpanda.com";
const CLUSTER = "cl0a1b2c3d4e5f6g7h8i";
const B = "urn:pulumi:dev::shop";

const RESOURCES: BridgedResource[] = [
  {
    token: "redpanda:index/resourceGroup:ResourceGroup",
    name: "team",
    id: "a0c1e0f4-2c1b-4e0e-9d7e-0f3c2b1a0e9d",
    inputs: { name: "team" },
  },
  {
    token: "redpanda:index/cluster:Cluster",
    name: "main",
    id: CLUSTER,
    inputs: {
      name: "main",
      cloudProvider: "gcp",
      clusterType: "dedicated",
      connectionType: "public",
    },
    computed: { clusterApiUrl: DP, state: "STATE_READY" },
    dependsOn: ["team"],
    protect: true,
  },
  {
    token: "redpanda:index/topic:Topic",
    name: "orders-topic",
    id: "orders",
    inputs: { name: "orders", clusterApiUrl: DP, partitionCount: 3, replicationFactor: 3 },
    dependsOn: ["main"],
  },
  {
    token: "redpanda:index/user:User",
    name: "app",
    id: "app",
    inputs: {
      name: "app",
      clusterApiUrl: DP,
      mechanism: "scram-sha-256",
      password: encryptedSecret("v1:0Xz3Ls9d:Qm9vZ2xlIG5vdCBhIHJlYWwgY2lwaGVydGV4dA=="),
    },
    dependsOn: ["main"],
  },
  {
    token: "redpanda:index/acl:Acl",
    name: "app-reads",
    id: "TOPIC:orders:LITERAL:User:app:*:READ:ALLOW",
    inputs: {
      clusterApiUrl: DP,
      resourceType: "TOPIC",
      resourceName: "orders",
      resourcePatternType: "LITERAL",
      principal: "User:app",
      host: "*",
      operation: "READ",
      permissionType: "ALLOW",
    },
    dependsOn: ["orders-topic", "app"],
  },
  {
    token: "redpanda:index/schema:Schema",
    name: "orders-value",
    id: "1",
    inputs: { clusterId: CLUSTER, subject: "orders-value", schema: '{"type":"string"}' },
    dependsOn: ["main"],
  },
];

const exported = bridgedExport("shop", "dev", RESOURCES) as StackExport;
const plan = planMigration(exported, { stack: "dev" });

it("moves each bridged resource under its plugin type with the plugin's import id", () => {
  expect(plan.importFile.resources).toEqual([
    {
      type: "redpandacloud:index:ResourceGroup",
      name: "team",
      id: "a0c1e0f4-2c1b-4e0e-9d7e-0f3c2b1a0e9d",
    },
    { type: "redpandacloud:index:Cluster", name: "main", id: CLUSTER },
    {
      type: "redpandacloud:index:Topic",
      name: "ordersTopic",
      logicalName: "orders-topic",
      id: `${DP}|orders`,
    },
    { type: "redpandacloud:index:User", name: "app", id: `${DP}|app` },
    {
      type: "redpandacloud:index:Acl",
      name: "appReads",
      logicalName: "app-reads",
      id: `${DP}|RESOURCE_TYPE_TOPIC|RESOURCE_PATTERN_TYPE_LITERAL|orders|User:app|*|OPERATION_READ|PERMISSION_TYPE_ALLOW`,
    },
    {
      type: "redpandacloud:index:Schema",
      name: "ordersValue",
      logicalName: "orders-value",
      id: `${CLUSTER}/orders-value`,
    },
  ]);
  expect(plan.moved.map((m) => m.origin)).toEqual(Array(6).fill("bridged"));
  expect(plan.notImportable).toEqual([]);
});

it("deletes the bridged entries dependents first, then the bridged provider", () => {
  expect(plan.deleteCommands).toEqual([
    `pulumi state delete ${B}::redpanda:index/schema:Schema::orders-value --yes --stack dev`,
    `pulumi state delete ${B}::redpanda:index/acl:Acl::app-reads --yes --stack dev`,
    `pulumi state delete ${B}::redpanda:index/user:User::app --yes --stack dev`,
    `pulumi state delete ${B}::redpanda:index/topic:Topic::orders-topic --yes --stack dev`,
    `pulumi state delete ${B}::redpanda:index/cluster:Cluster::main --force --yes --stack dev`,
    `pulumi state delete ${B}::redpanda:index/resourceGroup:ResourceGroup::team --yes --stack dev`,
    `pulumi state delete ${B}::pulumi:providers:redpanda::default_1_6_0 --yes --stack dev`,
  ]);
});

it("lists the encrypted password to carry over, without reading it", () => {
  expect(plan.carried).toEqual([
    {
      source: `${B}::redpanda:index/user:User::app`,
      attribute: "password",
      name: "app",
      input: "password",
      configKey: "appPassword",
      what: "the user's password",
    },
  ]);
});

it("keeps the bridged provider while a resource that stays uses it, and names a type it cannot move", () => {
  const withFuture = bridgedExport("shop", "dev", [
    ...RESOURCES.slice(0, 3),
    { token: "redpanda:index/mcpServer:McpServer", name: "mcp", id: "mcp0", inputs: {} },
  ]) as StackExport;
  const p = planMigration(withFuture);
  expect(p.notImportable).toEqual([
    {
      urn: `${B}::redpanda:index/mcpServer:McpServer::mcp`,
      kind: "redpanda:index/mcpServer:McpServer",
    },
  ]);
  expect(p.deleteCommands.some((c) => c.includes("pulumi:providers:redpanda"))).toBe(false);
});

it("refuses an encrypted value the id needs, saying to export with --show-secrets", () => {
  const hidden = bridgedExport("shop", "dev", [
    {
      ...RESOURCES[2]!,
      inputs: { name: "orders", clusterApiUrl: encryptedSecret("v1:AAAA") },
    },
  ]) as StackExport;
  // Outputs hold the same secret.
  expect(() => planMigration(hidden)).toThrow(
    /topic:Topic::orders-topic: cluster_api_url is encrypted in the export: run `pulumi stack export --show-secrets`/,
  );
});
