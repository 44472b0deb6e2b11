// The flow of the Terraform provider's examples/cluster/aws and examples/cluster/serverless,
// written with this package (our own program): a Dedicated AWS cluster with a user, a topic, four
// cluster ACLs, nine Schema Registry ACLs, a role with a member and an ACL on the role, four
// schemas (an Avro type, an Avro record referring to it, Avro under FULL compatibility, Protobuf);
// and a Serverless cluster with a schema. Up, no-change preview, an incompatible schema change
// refused at `up` with the registry's reason, destroy leaves nothing.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "tf-flagship" });
const net = new redpanda.Network("net", {
  name: "tf-flagship-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-2", cidrBlock: "10.70.0.0/20", clusterType: "TYPE_DEDICATED",
});
const cluster = new redpanda.Cluster("cluster", {
  name: "tf-flagship", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-2", zones: ["use2-az1", "use2-az2", "use2-az3"], throughputTier: "tier-1-aws-v3-arm",
  type: "TYPE_DEDICATED",
  clusterConfiguration: { customProperties: { audit_enabled: true } },
  maintenanceWindowConfig: { dayHour: { dayOfWeek: "MONDAY", hourOfDay: 2 } },
  cloudProviderTags: { "Environment": "test" },
});
const dataplaneApiUrl = cluster.dataplaneApiUrl;
const schemaRegistryUrl = cluster.schemaRegistryUrl;
const user = new redpanda.User("user", {
  dataplaneApiUrl, name: "tf-user", password: cfg.requireSecret("password"),
  mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
});
const topic = new redpanda.Topic("topic", {
  dataplaneApiUrl, name: "tf-topic", partitionCount: 3, replicationFactor: 3,
});
const principal = pulumi.interpolate\`User:\${user.name}\`;
for (const [key, resourceType, resourceName, operation] of [
  ["topic-read", "RESOURCE_TYPE_TOPIC", topic.name, "OPERATION_READ"],
  ["topic-write", "RESOURCE_TYPE_TOPIC", topic.name, "OPERATION_WRITE"],
  ["group-read", "RESOURCE_TYPE_GROUP", "tf-group", "OPERATION_READ"],
  ["cluster-describe", "RESOURCE_TYPE_CLUSTER", "kafka-cluster", "OPERATION_DESCRIBE"],
]) {
  new redpanda.Acl(key, {
    dataplaneApiUrl, principal, host: "*", resourceType, resourceName,
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL", operation, permissionType: "PERMISSION_TYPE_ALLOW",
  });
}
const srAcls = [];
const srAcl = (key, args) => srAcls.push(
  new redpanda.SchemaRegistryAcl(key, { schemaRegistryUrl, principal, host: "*", permission: "ALLOW", ...args }));
for (const op of ["READ", "WRITE", "DELETE", "DESCRIBE_CONFIGS", "ALTER_CONFIGS"]) {
  srAcl("sr-subject-" + op.toLowerCase(), {
    resourceType: "SUBJECT", resource: "tf-", patternType: "PREFIXED", operation: op,
  });
}
for (const op of ["READ", "DESCRIBE", "DESCRIBE_CONFIGS", "ALTER_CONFIGS"]) {
  srAcl("sr-registry-" + op.toLowerCase(), { resourceType: "REGISTRY", resource: "", operation: op });
}
const role = new redpanda.Role("role", { dataplaneApiUrl, name: "tf-analysts", deleteAcls: true });
new redpanda.RoleAssignment("member", { dataplaneApiUrl, roleName: role.name, principal });
new redpanda.Acl("role-read", {
  dataplaneApiUrl, principal: role.principal, host: "*", resourceType: "RESOURCE_TYPE_TOPIC",
  resourceName: topic.name, resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
  operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
});

const money = new redpanda.Schema("money", {
  schemaRegistryUrl, subject: "tf-money",
  schema: JSON.stringify({ type: "record", name: "Money", namespace: "shop",
    fields: [{ name: "cents", type: "long" }, { name: "currency", type: "string" }] }),
});
new redpanda.Schema("order", {
  schemaRegistryUrl, subject: "tf-order-value",
  schema: JSON.stringify({ type: "record", name: "Order", namespace: "shop",
    fields: [{ name: "id", type: "string" }, { name: "total", type: "shop.Money" }] }),
  references: [{ name: "shop.Money", subject: money.subject, version: money.version }],
});
const paymentFields = [{ name: "id", type: "string" }, { name: "amount", type: "long" }];
if (cfg.get("breakPayment") === "true") paymentFields.push({ name: "method", type: "string" });
const payment = new redpanda.Schema("payment", {
  schemaRegistryUrl, subject: "tf-payment-value", compatibility: "FULL",
  schema: JSON.stringify({ type: "record", name: "Payment", namespace: "shop", fields: paymentFields }),
});
new redpanda.Schema("event", {
  schemaRegistryUrl, subject: "tf-event-value", schemaType: "PROTOBUF",
  schema: 'syntax = "proto3";\\npackage shop;\\nmessage Event { string id = 1; int64 at = 2; }',
  // Through the ACLs above, as the stack's own user.
  username: user.name, password: cfg.requireSecret("password"),
}, { dependsOn: srAcls });

const sl = new redpanda.ServerlessCluster("serverless", {
  name: "tf-flagship-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
});
new redpanda.Schema("sl-schema", {
  schemaRegistryUrl: sl.schemaRegistryUrl, subject: "tf-sl-value",
  schema: JSON.stringify({ type: "record", name: "Ping", fields: [{ name: "at", type: "long" }] }),
});
exports.schemaRegistryUrl = schemaRegistryUrl;
// The lookup reads back what the stack registered.
exports.paymentFields = pulumi.all([schemaRegistryUrl, payment.version]).apply(([url]) =>
  redpanda.getSchema({ schemaRegistryUrl: url, subject: "tf-payment-value" })
    .then((sc) => JSON.parse(sc.schema).fields.map((f) => f.name)));
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("terraform-flagship", program);
  await s.set("password", "tf-user-password", true);
});
afterAll(() => s?.disposeChecked("terraform-flagship"));

const RESOURCES = 27;

it("runs the Terraform flagship flow: up, no change, incompatible change refused, destroy", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: RESOURCES });
  expect(up.outputs.paymentFields).toEqual(["id", "amount"]);
  const clusterId = Object.keys(s.t.emu.world().clusters)[0]!;
  const registry = s.t.emu.world().dataplanes[clusterId]!.registry!;
  expect(Object.keys(registry.subjects).sort()).toEqual([
    "tf-event-value",
    "tf-money",
    "tf-order-value",
    "tf-payment-value",
  ]);
  expect(registry.acls).toHaveLength(9);
  expect(registry.config).toEqual({ "tf-payment-value": "FULL" });
  const acls = s.t.emu.world().dataplanes[clusterId]!.acls.map((a) => a.principal);
  expect(acls.sort()).toEqual([
    "RedpandaRole:tf-analysts",
    "User:tf-user",
    "User:tf-user",
    "User:tf-user",
    "User:tf-user",
  ]);
  expect((await s.stack.preview()).changes).toEqual({ same: RESOURCES });

  // A field without a default breaks FULL compatibility: the registry refuses, and says why.
  await s.set("breakPayment", "true");
  const refused = await s.stack.up().then(
    () => "(up succeeded)",
    (err: Error) => err.message,
  );
  expect(refused).toMatch(/incompatible with an earlier schema for subject "tf-payment-value"/);
  expect(refused).toMatch(/FULL/);
  expect(registry.subjects["tf-payment-value"]!.versions).toHaveLength(1);
  await s.set("breakPayment", "false");
  expect((await s.stack.preview()).changes).toEqual({ same: RESOURCES });

  expect((await s.stack.destroy()).changes).toEqual({ delete: RESOURCES });
  const left = s.t.emu.inventory();
  expect([left.networks, left.clusters, left.serverlessClusters, left.resourceGroups]).toEqual([
    [],
    [],
    [],
    [],
  ]);
});
