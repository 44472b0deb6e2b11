/**
 * The bad-input catalogue: each entry is one resource with one invalid input, which must be
 * rejected at preview with `property` named, before any API write.
 */
import * as path from "node:path";

export interface BadInput {
  title: string;
  kind: string;
  args: Record<string, unknown>;
  /** The input the error must name. */
  property: string;
}

const DP = "http://127.0.0.1:9/dp/aaaaaaaaaaaaaaaaaaaa";
const SR = "http://127.0.0.1:9/sr/aaaaaaaaaaaaaaaaaaaa";
const RG = "d8fe0448-312b-4829-911e-774e5f2a0d17";
const NET = "9nrmg3gno1nbco80moj3";
/** A WebAssembly module (the smallest valid one), for a transform's `wasmPath`. */
export const WASM_FIXTURE = path.join(__dirname, "fixtures", "transform.wasm");

/** One valid set of arguments per kind: a case changes one input of it. */
export const VALID_ARGS: Record<string, Record<string, unknown>> = {
  ResourceGroup: { name: "team-a" },
  Network: {
    name: "net-a",
    resourceGroupId: RG,
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cidrBlock: "10.80.0.0/20",
    clusterType: "TYPE_DEDICATED",
  },
  Cluster: {
    name: "cluster-a",
    resourceGroupId: RG,
    networkId: NET,
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    zones: ["use1-az1"],
    throughputTier: "tier-1-aws-v3-arm",
    type: "TYPE_DEDICATED",
  },
  ServerlessCluster: { name: "sl-a", resourceGroupId: RG, serverlessRegion: "us-east-1" },
  ServiceAccount: { name: "ci-bot" },
  NetworkPeering: {
    networkId: NET,
    displayName: "to-shared",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    aws: { peerOwnerId: "123456789012", peerVpcId: "vpc-0a1b2c3d4e5f60718" },
  },
  Group: { name: "data-eng" },
  OrganizationRole: { name: "auditor", permissions: ["iam_role_read"] },
  UserInvite: { email: "someone@example.com" },
  Quota: {
    dataplaneApiUrl: DP,
    entity: { entityType: "ENTITY_TYPE_CLIENT_ID", entityName: "ingest" },
    values: [{ valueType: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1048576 }],
  },
  RoleBinding: {
    roleName: "Writer",
    accountId: "sa-1",
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: "c1" },
  },
  User: { dataplaneApiUrl: DP, name: "app", password: "long-enough" },
  Acl: {
    dataplaneApiUrl: DP,
    principal: "User:app",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "orders",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ",
    permissionType: "PERMISSION_TYPE_ALLOW",
  },
  Topic: { dataplaneApiUrl: DP, name: "orders", partitionCount: 3 },
  Pipeline: {
    dataplaneApiUrl: DP,
    displayName: "copy-orders",
    configYaml: "input:\n  generate:\n    mapping: root = {}\n",
  },
  ConnectorSecret: { dataplaneApiUrl: DP, name: "s3", secretData: { key: "value" } },
  Connector: {
    dataplaneApiUrl: DP,
    name: "s3-sink",
    config: { "connector.class": "com.example.Sink" },
  },
  ServerlessPrivateLink: {
    name: "pl-a",
    resourceGroupId: RG,
    serverlessRegion: "us-east-1",
    awsConfig: { allowedPrincipals: ["arn:aws:iam::123456789012:root"] },
  },
  ShadowLink: { name: "dr-link", shadowRedpandaId: "c1", sourceRedpandaId: "c2" },
  Role: { dataplaneApiUrl: DP, name: "readers" },
  RoleAssignment: { dataplaneApiUrl: DP, roleName: "readers", principal: "User:app" },
  Schema: { schemaRegistryUrl: SR, subject: "orders-value", schema: '{"type":"string"}' },
  SchemaRegistryAcl: {
    schemaRegistryUrl: SR,
    principal: "User:app",
    resource: "orders-value",
    resourceType: "SUBJECT",
    operation: "READ",
    permission: "ALLOW",
  },
  Secret: { dataplaneApiUrl: DP, name: "DB_PASSWORD", secretData: "hunter22" },
  Transform: {
    dataplaneApiUrl: DP,
    name: "redact-orders",
    inputTopicName: "orders",
    outputTopicNames: ["orders-redacted"],
    wasmPath: WASM_FIXTURE,
  },
};

/**
 * One input per kind that the kind does not declare (misspelt, or another kind's): refused by
 * name rather than dropped from state and the wire.
 */
const UNDECLARED: Record<string, Record<string, unknown>> = {
  ResourceGroup: { description: "team A" },
  Network: { cidr: "10.90.0.0/20" },
  Cluster: { zone: "use1-az1" },
  ServerlessCluster: { region: "us-east-1" },
  ServerlessPrivateLink: { allowedPrincipals: ["arn:aws:iam::123456789012:root"] },
  ShadowLink: { sourceClusterId: "c2" },
  ServiceAccount: { descripton: "CI" },
  NetworkPeering: { peerVpcId: "vpc-0a1b2c3d4e5f60718" },
  RoleBinding: { role: "Writer" },
  Group: { members: ["a@example.com"] },
  OrganizationRole: { permission: ["iam_role_read"] },
  UserInvite: { emial: "someone@example.com" },
  Quota: { value: 1 },
  User: { passwd: "long-enough" },
  Acl: { permission: "PERMISSION_TYPE_ALLOW" },
  Role: { members: ["User:app"] },
  RoleAssignment: { rolename: "readers" },
  Topic: { partitions: 3 },
  Schema: { schemaText: "{}" },
  SchemaRegistryAcl: { resourceName: "orders-value" },
  Pipeline: { labels: { team: "a" } },
  Secret: { secretValue: "hunter22" },
  ConnectorSecret: { secretdata: { key: "value" } },
  Connector: { configs: { topics: "a" } },
  Transform: { inputTopic: "orders" },
};

const bad = (
  title: string,
  kind: string,
  property: string,
  changes: Record<string, unknown>,
): BadInput => ({ title, kind, property, args: { ...VALID_ARGS[kind], ...changes } });

export const BAD_INPUTS: BadInput[] = [
  ...Object.entries(UNDECLARED).map(([kind, extra]) =>
    bad(`${kind} with an input it does not declare`, kind, Object.keys(extra)[0]!, extra),
  ),
  bad("resource group name with spaces", "ResourceGroup", "name", { name: "team a" }),
  bad("resource group name empty", "ResourceGroup", "name", { name: "" }),
  bad("resource group name of 254 characters", "ResourceGroup", "name", { name: "a".repeat(254) }),
  bad("network CIDR that is not CIDR", "Network", "cidrBlock", { cidrBlock: "10.1.0.0" }),
  bad("network CIDR with host bits", "Network", "cidrBlock", { cidrBlock: "10.1.0.1/20" }),
  bad("network CIDR /24 (too small)", "Network", "cidrBlock", { cidrBlock: "10.1.0.0/24" }),
  bad("network CIDR /8 (too large)", "Network", "cidrBlock", { cidrBlock: "10.0.0.0/8" }),
  bad("network CIDR public range", "Network", "cidrBlock", { cidrBlock: "8.8.0.0/16" }),
  bad("network CIDR 100.64/10 on Dedicated", "Network", "cidrBlock", {
    cidrBlock: "100.64.0.0/16",
  }),
  bad("network unknown cloud provider", "Network", "cloudProvider", { cloudProvider: "AWS" }),
  bad("network unknown cluster type", "Network", "clusterType", { clusterType: "SERVERLESS" }),
  bad("network name with a slash", "Network", "name", { name: "net/a" }),
  bad("network empty region", "Network", "region", { region: "" }),
  bad("network region the cloud does not have", "Network", "region", { region: "us-central1" }),
  // us-west2: BYOC-only on the regions page, and no vendor or Terraform example places a
  // Dedicated network there (us-west1 would be accepted: the vendor's quickstart uses it).
  bad("Dedicated network in a BYOC-only region", "Network", "region", {
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-west2",
  }),
  bad("network empty resource group", "Network", "resourceGroupId", { resourceGroupId: "" }),
  bad("network timeout that is not a duration", "Network", "timeouts", {
    timeouts: { create: "soon" },
  }),
  bad("cluster empty zones", "Cluster", "zones", { zones: [] }),
  bad("cluster duplicate zones", "Cluster", "zones", { zones: ["use1-az1", "use1-az1"] }),
  bad("cluster zone of another region", "Cluster", "zones", { zones: ["use2-az1"] }),
  bad("Dedicated cluster in a BYOC-only region", "Cluster", "region", {
    region: "af-south-1",
    zones: ["afs1-az1"],
  }),
  bad("cluster name too short", "Cluster", "name", { name: "ab" }),
  bad("cluster name of 129 characters", "Cluster", "name", { name: "c".repeat(129) }),
  bad("cluster unknown type", "Cluster", "type", { type: "TYPE_SERVERLESS" }),
  bad("cluster network id that is not an id", "Cluster", "networkId", { networkId: "my-network" }),
  bad("cluster redpanda version with patch", "Cluster", "redpandaVersion", {
    redpandaVersion: "25.1.3",
  }),
  bad("cluster unknown connection type", "Cluster", "connectionType", {
    connectionType: "CONNECTION_TYPE_VPN",
  }),
  bad("GCP BYOC cluster without a project id", "Cluster", "byoc", {
    type: "TYPE_BYOC",
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    zones: ["us-central1-a"],
  }),
  bad("cluster byoc with an unknown setting", "Cluster", "byoc", { byoc: { comand: "rpk" } }),
  bad("cluster kafkaConnect not a boolean", "Cluster", "kafkaConnect", { kafkaConnect: "yes" }),
  // One bad value per nested object of the vendor's ClusterCreate.
  bad("cluster PrivateLink principals not a list", "Cluster", "awsPrivateLink", {
    awsPrivateLink: { enabled: true, allowedPrincipals: "arn:aws:iam::1:root" },
  }),
  bad("cluster PrivateLink unknown auth mode", "Cluster", "awsPrivateLink", {
    awsPrivateLink: { enabled: true, kafkaApiAuthMode: "PRIVATE_LINK_AUTH_MODE_OAUTH" },
  }),
  bad("AWS cluster with Azure Private Link", "Cluster", "azurePrivateLink", {
    azurePrivateLink: { enabled: true },
  }),
  bad("AWS cluster with GCP Private Service Connect", "Cluster", "gcpPrivateServiceConnect", {
    gcpPrivateServiceConnect: { enabled: true },
  }),
  bad("cluster mTLS without CA certificates", "Cluster", "kafkaApi", {
    kafkaApi: { mtls: { enabled: true } },
  }),
  bad("cluster HTTP Proxy SASL misspelled", "Cluster", "httpProxy", {
    httpProxy: { sasl: { enable: true } },
  }),
  bad("cluster Schema Registry mTLS CA not a list", "Cluster", "schemaRegistry", {
    schemaRegistry: { mtls: { enabled: true, caCertificatesPem: "pem" } },
  }),
  bad("cluster custom properties not an object", "Cluster", "clusterConfiguration", {
    clusterConfiguration: { customProperties: "audit_enabled=true" },
  }),
  bad("cluster maintenance hour 24", "Cluster", "maintenanceWindowConfig", {
    maintenanceWindowConfig: { dayHour: { dayOfWeek: "SUNDAY", hourOfDay: 24 } },
  }),
  bad("cluster maintenance day misspelled", "Cluster", "maintenanceWindowConfig", {
    maintenanceWindowConfig: { dayHour: { dayOfWeek: "SUN", hourOfDay: 3 } },
  }),
  bad("cluster maintenance both anytime and a day", "Cluster", "maintenanceWindowConfig", {
    maintenanceWindowConfig: { anytime: {}, dayHour: { dayOfWeek: "SUNDAY", hourOfDay: 3 } },
  }),
  bad("Dedicated cluster with customer-managed resources", "Cluster", "customerManagedResources", {
    customerManagedResources: { aws: {} },
  }),
  bad("cluster cloud storage of an unknown cloud", "Cluster", "cloudStorage", {
    cloudStorage: { oci: {} },
  }),
  bad("cluster Redpanda Connect port range backwards", "Cluster", "redpandaConnect", {
    redpandaConnect: {
      allowedDestinationCidrPorts: [{ cidr: "10.0.0.0/8", portStart: 9, portEnd: 1 }],
    },
  }),
  bad("cluster node count of zero", "Cluster", "redpandaNodeCount", { redpandaNodeCount: 0 }),
  bad("cluster node count not whole", "Cluster", "redpandaNodeCount", { redpandaNodeCount: 3.5 }),
  bad("cluster unknown API gateway access", "Cluster", "apiGatewayAccess", {
    apiGatewayAccess: "NETWORK_ACCESS_MODE_VPN",
  }),
  bad("cluster read replica id empty", "Cluster", "readReplicaClusterIds", {
    readReplicaClusterIds: [""],
  }),
  bad("network without CIDR or customer-managed resources", "Network", "cidrBlock", {
    cidrBlock: undefined,
  }),
  bad("Dedicated network with customer-managed resources", "Network", "customerManagedResources", {
    customerManagedResources: { aws: { vpc: { arn: "arn:vpc" } } },
  }),
  bad("serverless private endpoint without a private link", "ServerlessCluster", "privateLinkId", {
    networkingConfig: { private: "STATE_ENABLED" },
  }),
  bad("serverless networking state misspelled", "ServerlessCluster", "networkingConfig", {
    networkingConfig: { public: "ENABLED" },
  }),
  bad("serverless name with a space", "ServerlessCluster", "name", { name: "sl a" }),
  bad("serverless empty region", "ServerlessCluster", "serverlessRegion", { serverlessRegion: "" }),
  // Not `pro-us-east-1`: the Terraform provider's private-link example uses it (a witness).
  bad("serverless region not offered", "ServerlessCluster", "serverlessRegion", {
    serverlessRegion: "ap-southeast-2",
  }),
  bad("serverless 51 tags", "ServerlessCluster", "tags", {
    tags: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])),
  }),
  bad("service account name with <", "ServiceAccount", "name", { name: "<bot>" }),
  bad("service account description of 141", "ServiceAccount", "description", {
    description: "d".repeat(141),
  }),
  bad("role binding empty role", "RoleBinding", "roleName", { roleName: "" }),
  bad("peering owner id of 11 digits", "NetworkPeering", "aws", {
    aws: { peerOwnerId: "12345678901", peerVpcId: "vpc-0a1b2c3d4e5f60718" },
  }),
  bad("peering without the spec of its cloud", "NetworkPeering", "gcp", {
    cloudProvider: "CLOUD_PROVIDER_GCP",
  }),
  bad("peering with another cloud's spec", "NetworkPeering", "gcp", {
    gcp: { peerProjectId: "my-project", peerVpcName: "vpc-a" },
  }),
  bad("group with an empty name", "Group", "name", { name: "" }),
  bad("organization role named like a built-in", "OrganizationRole", "name", { name: "Admin" }),
  bad("organization role without permissions", "OrganizationRole", "permissions", {
    permissions: [],
  }),
  bad(
    "organization role with a permission the catalogue lacks",
    "OrganizationRole",
    "permissions",
    {
      permissions: ["cluster_teleport"],
    },
  ),
  bad("invitation of a non-address", "UserInvite", "email", { email: "someone" }),
  bad("invitation binding a cluster without its id", "UserInvite", "roleBindings", {
    roleBindings: [{ roleName: "Reader", scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER" } }],
  }),
  bad("quota for a user (not supported in Redpanda)", "Quota", "entity", {
    entity: { entityType: "ENTITY_TYPE_USER", entityName: "app" },
  }),
  bad("quota on a prefix without the prefix", "Quota", "entity", {
    entity: { entityType: "ENTITY_TYPE_CLIENT_ID_PREFIX" },
  }),
  bad("quota setting one type twice", "Quota", "values", {
    values: [
      { valueType: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1 },
      { valueType: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 2 },
    ],
  }),
  bad("quota of a negative rate", "Quota", "values", {
    values: [{ valueType: "VALUE_TYPE_CONSUMER_BYTE_RATE", value: -1 }],
  }),
  bad("role binding unknown scope type", "RoleBinding", "scope", {
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_TOPIC", resourceId: "x" },
  }),
  bad("role binding cluster scope without id", "RoleBinding", "scope", {
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER" },
  }),
  bad("user password too short", "User", "password", { password: "pw" }),
  bad("user unknown mechanism", "User", "mechanism", { mechanism: "PLAIN" }),
  bad("user data-plane URL that is not a URL", "User", "dataplaneApiUrl", {
    dataplaneApiUrl: "cluster-a",
  }),
  // Plain HTTP off this machine would carry the token in clear (0.0.0.0 is not loopback, and a
  // broken check would still send nothing elsewhere).
  bad("topic data-plane URL in plain HTTP, not loopback", "Topic", "dataplaneApiUrl", {
    dataplaneApiUrl: "http://0.0.0.0:9/dp/aaaaaaaaaaaaaaaaaaaa",
  }),
  bad("schema registry URL in plain HTTP, not loopback", "Schema", "schemaRegistryUrl", {
    schemaRegistryUrl: "http://0.0.0.0:9/sr/aaaaaaaaaaaaaaaaaaaa",
  }),
  bad("ACL principal without User:", "Acl", "principal", { principal: "app" }),
  bad("ACL unknown operation", "Acl", "operation", { operation: "OPERATION_PUBLISH" }),
  bad("ACL unknown resource type", "Acl", "resourceType", { resourceType: "RESOURCE_TYPE_QUEUE" }),
  bad("ACL topic without a resource name", "Acl", "resourceName", { resourceName: "" }),
  bad("ACL unknown permission", "Acl", "permissionType", { permissionType: "MAYBE" }),
  bad("topic zero partitions", "Topic", "partitionCount", { partitionCount: 0 }),
  bad("topic negative partitions", "Topic", "partitionCount", { partitionCount: -3 }),
  bad("topic fractional partitions", "Topic", "partitionCount", { partitionCount: 1.5 }),
  bad("topic name with a slash", "Topic", "name", { name: "orders/eu" }),
  bad('topic name ".."', "Topic", "name", { name: ".." }),
  bad("topic replication factor 0", "Topic", "replicationFactor", { replicationFactor: 0 }),
  bad("topic config name in capitals", "Topic", "configs", { configs: { "Retention.MS": "1" } }),
  bad("pipeline CPU in bad units", "Pipeline", "resources", {
    resources: { cpuShares: "100mc", memoryShares: "256Mi" },
  }),
  bad("pipeline memory in bad units", "Pipeline", "resources", {
    resources: { cpuShares: "100m", memoryShares: "256MB" },
  }),
  bad("pipeline unknown state", "Pipeline", "state", { state: "paused" }),
  bad("pipeline empty config", "Pipeline", "configYaml", { configYaml: "" }),
  bad("pipeline display name too short", "Pipeline", "displayName", { displayName: "ab" }),
  bad("connector secret data that is a string", "ConnectorSecret", "secretData", {
    secretData: "key=value",
  }),
  bad("connector secret data that is empty", "ConnectorSecret", "secretData", { secretData: {} }),
  bad("connector secret data with a number", "ConnectorSecret", "secretData", {
    secretData: { port: 5432 },
  }),
  bad("connector without connector.class", "Connector", "config", { config: { topics: "a" } }),
  bad("connector config value not a string", "Connector", "config", {
    config: { "connector.class": "com.example.Sink", "tasks.max": 2 },
  }),
  bad("transform module that is not WebAssembly", "Transform", "wasmPath", {
    wasmPath: path.join(__dirname, "bad-inputs.ts"),
  }),
  bad("transform module that does not exist", "Transform", "wasmPath", {
    wasmPath: path.join(__dirname, "fixtures", "no-such.wasm"),
  }),
  bad("transform with two output topics", "Transform", "outputTopicNames", {
    outputTopicNames: ["a", "b"],
  }),
  bad("transform environment variable with a reserved key", "Transform", "environmentVariables", {
    environmentVariables: [{ key: "REDPANDA_INPUT_TOPIC", value: "x" }],
  }),
];
