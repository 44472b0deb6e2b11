// The whole cluster contract through the real engine (issue "The whole cluster, network and
// serverless contract"): a Dedicated AWS cluster with PrivateLink, mTLS and SASL, custom cluster
// properties, a maintenance window, Redpanda Connect egress, cloud storage and a node count; and a
// BYOC cluster on a customer-managed (BYOVPC) network. Then every updatable field the cluster has
// changes in one `up` (and the GCP and Azure private networking and read replicas on clusters of
// their own): updated in place, never replaced, and the next preview and refresh are clean.
import * as path from "node:path";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { REPO_ROOT } from "../support/pulumi";

const RPK = path.join(REPO_ROOT, "emulator", "bin", "rpk");
const PEM = "-----BEGIN CERTIFICATE-----\\nMIIBemulated\\n-----END CERTIFICATE-----";

const program = `
const redpanda = require("pulumi-redpanda-cloud");
const pulumi = require("@pulumi/pulumi");
const two = new pulumi.Config("e2e").get("phase") === "2";
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-contract" });
const net = new redpanda.Network("net", {
  name: "e2e-contract-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-2", cidrBlock: "10.60.0.0/20", clusterType: "TYPE_DEDICATED",
});
const mtls = (on) => ({ enabled: on, caCertificatesPem: ["${PEM}"], principalMappingRules: ["DEFAULT"] });
const cluster = new redpanda.Cluster("prod", {
  name: two ? "e2e-prod-renamed" : "e2e-prod",
  resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-2",
  zones: ["use2-az1", "use2-az2", "use2-az3"], type: "TYPE_DEDICATED",
  connectionType: "CONNECTION_TYPE_PRIVATE",
  throughputTier: two ? "tier-2-aws-v3-arm" : "tier-1-aws-v3-arm",
  redpandaNodeCount: two ? 5 : 3,
  kafkaConnect: { enabled: two },
  redpandaConnect: { allowedDestinationCidrPorts: [{ cidr: "10.0.0.0/8", portStart: 443, portEnd: two ? 8443 : 443 }] },
  cloudProviderTags: { team: two ? "platform" : "streaming" },
  clusterConfiguration: { customProperties: two
    ? { audit_enabled: true, "log_retention_ms": 86400000 }
    : { audit_enabled: false } },
  maintenanceWindowConfig: two ? { anytime: {} } : { dayHour: { dayOfWeek: "SUNDAY", hourOfDay: 3 } },
  kafkaApi: { mtls: mtls(true), sasl: { enabled: !two } },
  httpProxy: { mtls: mtls(two), sasl: { enabled: true } },
  schemaRegistry: { mtls: mtls(two), sasl: { enabled: true } },
  apiGatewayAccess: two ? "NETWORK_ACCESS_MODE_PRIVATE" : "NETWORK_ACCESS_MODE_PUBLIC",
  awsPrivateLink: {
    enabled: true, connectConsole: two,
    allowedPrincipals: two ? ["arn:aws:iam::123456789012:root", "arn:aws:iam::210987654321:root"]
                           : ["arn:aws:iam::123456789012:root"],
    kafkaApiAuthMode: "PRIVATE_LINK_AUTH_MODE_MTLS_AND_SASL",
  },
  cloudStorage: { skipDestroy: two },
});
exports.privateLinkService = cluster.awsPrivateLinkStatus.apply((s) => s && s.serviceName);
exports.schemaRegistryUrl = cluster.schemaRegistryUrl;
exports.consoleUrl = cluster.consoleUrl;
exports.natGateways = cluster.natGateways;

// BYOVPC: a BYOC network and cluster on resources the customer created.
const arn = (k) => ({ arn: "arn:aws:iam::123456789012:" + k });
const byovpcNet = new redpanda.Network("byovpc-net", {
  name: "e2e-byovpc-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-2", clusterType: "TYPE_BYOC",
  customerManagedResources: { aws: {
    managementBucket: arn("bucket/mgmt"), dynamodbTable: arn("table/lock"), vpc: arn("vpc/v1"),
    privateSubnets: { arns: ["arn:aws:ec2:us-east-2:123456789012:subnet/s1"] },
  } },
});
const aws = Object.fromEntries([
  "agentInstanceProfile", "connectorsNodeGroupInstanceProfile", "utilityNodeGroupInstanceProfile",
  "redpandaNodeGroupInstanceProfile", "k8sClusterRole", "redpandaAgentSecurityGroup",
  "connectorsSecurityGroup", "redpandaNodeGroupSecurityGroup", "utilitySecurityGroup",
  "clusterSecurityGroup", "nodeSecurityGroup", "cloudStorageBucket", "permissionsBoundaryPolicy",
].map((k) => [k, arn(k)]));
const byoc = new redpanda.Cluster("byovpc", {
  name: "e2e-byovpc", resourceGroupId: rg.id, networkId: byovpcNet.id,
  cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-2", zones: ["use2-az1"],
  throughputTier: "tier-1-aws-v2-x86", type: "TYPE_BYOC", byoc: { command: ${JSON.stringify(RPK)} },
  customerManagedResources: { aws: two ? { ...aws, rpsqlSecurityGroup: arn("sg/rpsql") } : aws },
});
exports.byovpcState = byoc.state;

// The other clouds' private networking, on Dedicated clusters of their own.
const others = [
  { key: "gcp", cloudProvider: "CLOUD_PROVIDER_GCP", region: "europe-west1", zones: ["europe-west1-b"],
    throughputTier: "tier-1-gcp-v2-x86", cidr: "10.61.0.0/20",
    extra: {
      gcpPrivateServiceConnect: { enabled: true, globalAccessEnabled: two,
        consumerAcceptList: two ? [{ source: "projects/e2e-consumer" }] : [] },
      gcpEnableGlobalAccessApiGateway: two,
      readReplicaClusterIds: two ? [cluster.id] : [],
    } },
  { key: "azure", cloudProvider: "CLOUD_PROVIDER_AZURE", region: "eastus", zones: ["eastus-az1"],
    throughputTier: "tier-1-azure-v3-x86", cidr: "10.62.0.0/20",
    extra: { azurePrivateLink: { enabled: true, allowedSubscriptions: two ? ["sub-1", "sub-2"] : ["sub-1"] } } },
];
for (const o of others) {
  const n = new redpanda.Network(o.key + "-net", {
    name: "e2e-" + o.key + "-net", resourceGroupId: rg.id, cloudProvider: o.cloudProvider,
    region: o.region, cidrBlock: o.cidr, clusterType: "TYPE_DEDICATED",
  });
  const c = new redpanda.Cluster(o.key, {
    name: "e2e-" + o.key, resourceGroupId: rg.id, networkId: n.id, cloudProvider: o.cloudProvider,
    region: o.region, zones: o.zones, throughputTier: o.throughputTier, type: "TYPE_DEDICATED",
    ...o.extra,
  });
  exports[o.key + "Link"] = o.key === "gcp"
    ? c.gcpPrivateServiceConnectStatus.apply((s) => s && s.serviceAttachment)
    : c.azurePrivateLinkStatus.apply((s) => s && s.serviceName);
}
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("cluster-contract", program);
});
afterAll(() => s?.disposeChecked("cluster-contract"));

type Logged = { method: string; path: string };

it("creates, updates every field in place, stays clean, and destroys", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 9 });
  expect(up.outputs.privateLinkService).toMatch(/^com\.amazonaws\.vpce\.us-east-2\.vpce-svc-/);
  expect(up.outputs.schemaRegistryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sr\//);
  expect(up.outputs.consoleUrl).toMatch(/^https:\/\//);
  expect(up.outputs.natGateways).toHaveLength(3);
  expect(up.outputs.byovpcState).toBe("STATE_READY");
  expect(up.outputs.gcpLink).toMatch(/serviceAttachments\//);
  expect(up.outputs.azureLink).toMatch(/^pls-/);
  const world = s.t.emu.world();
  const prod = Object.values(world.clusters).find((c) => c.name === "e2e-prod")!;
  // What the emulator holds is what the program declared, in the vendor's shapes.
  expect(prod.spec).toMatchObject({
    kafka_api: { mtls: { enabled: true, principal_mapping_rules: ["DEFAULT"] } },
    cluster_configuration: { custom_properties: { audit_enabled: false } },
    maintenance_window_config: { day_hour: { day_of_week: "SUNDAY", hour_of_day: 3 } },
    redpanda_node_count: 3,
  });
  expect((await s.stack.preview()).changes).toEqual({ same: 9 });

  await s.t.admin("DELETE", "/_admin/requests");
  await s.set("phase", "2");
  expect((await s.stack.preview()).changes).toEqual({ same: 5, update: 4 });
  const changed = await s.stack.up();
  expect(changed.changes).toEqual({ same: 5, update: 4 });
  const log = (await s.t.admin("GET", "/_admin/requests")) as { entries: Logged[] };
  const patches = log.entries.filter((e) => e.method === "PATCH");
  // One sparse PATCH per updated cluster; nothing created or deleted.
  expect(patches.filter((p) => p.path.endsWith(prod.id))).toHaveLength(1);
  expect(log.entries.filter((e) => e.method === "DELETE" || e.method === "POST")).toEqual([]);
  const after = s.t.emu.world().clusters[prod.id]!;
  expect([after.name, after.throughput_tier]).toEqual(["e2e-prod-renamed", "tier-2-aws-v3-arm"]);
  expect(after.cloud_provider_tags).toEqual({ team: "platform" });
  expect(after.kafka_connect).toEqual({ enabled: true });
  expect(after.spec).toMatchObject({
    api_gateway_access: "NETWORK_ACCESS_MODE_PRIVATE",
    aws_private_link: { connect_console: true, allowed_principals: expect.any(Array) },
    cloud_storage: { skip_destroy: true },
    cluster_configuration: { custom_properties: { audit_enabled: true } },
    http_proxy: { mtls: { enabled: true } },
    kafka_api: { sasl: { enabled: false } },
    maintenance_window_config: { anytime: {} },
    redpanda_connect: { allowed_destination_cidr_ports: [{ port_end: 8443 }] },
    redpanda_node_count: 5,
    schema_registry: { mtls: { enabled: true } },
  });
  expect(
    (after.spec?.aws_private_link as { allowed_principals: string[] }).allowed_principals,
  ).toHaveLength(2);
  const byovpc = Object.values(s.t.emu.world().clusters).find((c) => c.name === "e2e-byovpc")!;
  expect(byovpc.spec?.customer_managed_resources).toMatchObject({
    aws: { rpsql_security_group: { arn: "arn:aws:iam::123456789012:sg/rpsql" } },
  });

  expect((await s.stack.preview()).changes).toEqual({ same: 9 });
  await s.stack.refresh();
  expect((await s.stack.preview()).changes).toEqual({ same: 9 });

  expect((await s.stack.destroy()).changes).toEqual({ delete: 9 });
  const left = s.t.emu.inventory();
  expect([left.networks, left.clusters, left.resourceGroups]).toEqual([[], [], []]);
});
