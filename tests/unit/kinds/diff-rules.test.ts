// The diff the engine sees agrees with each declaration: changing any one input of any kind
// replaces, updates in place, or does nothing — exactly as its declaration (and so its TSDoc and
// the README) says.
import { KINDS } from "../../../provider/kinds/registry";
import type { Field } from "../../../provider/declare/declare";
import { providerFor } from "../../../provider/runtime-entry";
import { testContext } from "../../support/call-context";

// The stack-wide opt-out of the deletion guard: replacements are what these cases check.
const ctx = testContext((k) => (k === "allowDeletion" ? "true" : undefined));

const URL = "https://dp.example.test";
const DP = { dataplaneApiUrl: URL };

const AWS_CMR = {
  aws: {
    // First key: the one `changed` alters, one an update can carry (the rest replace).
    rpsqlSecurityGroup: { arn: "arn:sg" },
    ...Object.fromEntries(
      [
        "agentInstanceProfile",
        "connectorsNodeGroupInstanceProfile",
        "utilityNodeGroupInstanceProfile",
        "redpandaNodeGroupInstanceProfile",
        "k8sClusterRole",
        "redpandaAgentSecurityGroup",
        "connectorsSecurityGroup",
        "redpandaNodeGroupSecurityGroup",
        "utilitySecurityGroup",
        "clusterSecurityGroup",
        "nodeSecurityGroup",
        "cloudStorageBucket",
        "permissionsBoundaryPolicy",
      ].map((k) => [k, { arn: `arn:${k}` }]),
    ),
  },
};

const CLUSTER = {
  name: "prod",
  resourceGroupId: "rg",
  networkId: "abcdefghij0123456789",
  cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-1",
  zones: ["use1-az1"],
  throughputTier: "tier-1",
  type: "TYPE_BYOC",
  connectionType: "CONNECTION_TYPE_PUBLIC",
  redpandaVersion: "25.1",
  redpandaNodeCount: 3,
  kafkaConnect: false,
  redpandaConnect: { allowedDestinationCidrPorts: [{ cidr: "10.0.0.0/8" }] },
  cloudProviderTags: { a: "1" },
  clusterConfiguration: { customProperties: { audit_enabled: true } },
  maintenanceWindowConfig: { dayHour: { dayOfWeek: "SUNDAY", hourOfDay: 3 } },
  kafkaApi: { mtls: { enabled: false } },
  httpProxy: { sasl: { enabled: true } },
  schemaRegistry: { sasl: { enabled: true } },
  apiGatewayAccess: "NETWORK_ACCESS_MODE_PUBLIC",
  awsPrivateLink: { enabled: true },
  cloudStorage: { skipDestroy: false },
  customerManagedResources: AWS_CMR,
  readReplicaClusterIds: ["r1"],
  byoc: { command: "rpk" },
  timeouts: { create: "5m" },
  adoptId: "a",
  allowDeletion: false,
};

/** One valid input set per kind, with every optional input set so each can change. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  ResourceGroup: { name: "rg", adoptId: "a" },
  Network: {
    name: "net",
    resourceGroupId: "rg",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cidrBlock: "10.1.0.0/20",
    clusterType: "TYPE_DEDICATED",
    timeouts: { create: "5m" },
    adoptId: "a",
  },
  Cluster: CLUSTER,
  ServerlessCluster: {
    name: "sls",
    resourceGroupId: "rg",
    serverlessRegion: "us-east-1",
    tags: { a: "1" },
    networkingConfig: { public: "STATE_ENABLED" },
    privateLinkId: "pl1",
    timeouts: { create: "5m" },
    adoptId: "a",
    allowDeletion: false,
  },
  ServerlessPrivateLink: {
    name: "pl",
    resourceGroupId: "rg",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    serverlessRegion: "us-east-1",
    awsConfig: { allowedPrincipals: ["arn:aws:iam::123456789012:root"] },
    timeouts: { create: "5m" },
    adoptId: "a",
  },
  ShadowLink: {
    name: "dr",
    shadowRedpandaId: "c1",
    sourceRedpandaId: "c0",
    clientOptions: { bootstrapServers: ["src:9092"] },
    topicMetadataSyncOptions: { interval: "30s" },
    consumerOffsetSyncOptions: { interval: "30s" },
    securitySyncOptions: { interval: "30s" },
    schemaRegistrySyncOptions: { shadowSchemaRegistryTopic: {} },
    failoverTrigger: "1",
    timeouts: { create: "5m" },
    adoptId: "a",
    allowDeletion: false,
  },
  ServiceAccount: {
    name: "bot",
    description: "d",
    roleBindings: [
      {
        roleName: "Reader",
        scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: "c1" },
      },
    ],
    rotateTrigger: "1",
    adoptId: "a",
  },
  NetworkPeering: {
    networkId: "n1",
    displayName: "to-vpc",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    aws: { peerOwnerId: "123456789012", peerVpcId: "vpc-0123456789abcdef0" },
    timeouts: { create: "5m" },
    adoptId: "a",
  },
  Group: { name: "eng", description: "d", adoptId: "a" },
  OrganizationRole: {
    name: "auditor",
    description: "d",
    permissions: ["iam_role_read"],
    adoptId: "a",
  },
  UserInvite: {
    email: "a@example.com",
    roleBindings: [
      {
        roleName: "Reader",
        scope: { resourceType: "SCOPE_RESOURCE_TYPE_ORGANIZATION", resourceId: "" },
      },
    ],
    adoptId: "a",
  },
  Quota: {
    ...DP,
    entity: { entityType: "ENTITY_TYPE_CLIENT_ID", entityName: "app" },
    values: [{ valueType: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1024 }],
    adoptId: "ENTITY_TYPE_CLIENT_ID/app",
  },
  RoleBinding: {
    roleName: "Reader",
    accountId: "acc",
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_ORGANIZATION", resourceId: "" },
    adoptId: "a",
  },
  User: {
    ...DP,
    name: "app",
    password: "pw-123",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    adoptId: "a",
  },
  Acl: {
    ...DP,
    principal: "User:app",
    host: "*",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "orders",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ",
    permissionType: "PERMISSION_TYPE_ALLOW",
  },
  Topic: {
    ...DP,
    name: "orders",
    partitionCount: 3,
    replicationFactor: 3,
    replicaAssignments: [{ partitionId: 0, replicaIds: [0, 1, 2] }],
    configs: { "retention.ms": "1000" },
    adoptId: "a",
    allowDeletion: false,
  },
  Role: { ...DP, name: "analysts", deleteAcls: false, adoptId: "a" },
  RoleAssignment: {
    ...DP,
    roleName: "analysts",
    principal: "User:alice",
    adoptId: "analysts/User:alice",
  },
  Schema: {
    schemaRegistryUrl: "https://sr.example.test",
    subject: "orders-value",
    schemaType: "AVRO",
    schema: '{"type":"string"}',
    references: [{ name: "com.example.Id", subject: "ids", version: 1 }],
    compatibility: "FULL",
    username: "u",
    password: "p",
    adoptId: "orders-value",
    allowDeletion: false,
  },
  SchemaRegistryAcl: {
    schemaRegistryUrl: "https://sr.example.test",
    principal: "User:app",
    resource: "orders-",
    resourceType: "SUBJECT",
    patternType: "PREFIXED",
    host: "*",
    operation: "READ",
    permission: "ALLOW",
    username: "u",
    password: "p",
  },
  Secret: {
    ...DP,
    name: "PG_PASSWORD",
    secretData: "s3cret",
    scopes: ["SCOPE_REDPANDA_CONNECT"],
    labels: { team: "a" },
    adoptId: "a",
  },
  Pipeline: {
    ...DP,
    displayName: "flow",
    description: "d",
    configYaml: "input: {}",
    resources: { cpuShares: "100m", memoryShares: "256Mi" },
    serviceAccount: { clientId: "id", clientSecret: "secret" },
    tags: { team: "a" },
    state: "running",
    timeouts: { create: "5m" },
    adoptId: "a",
  },
  ConnectorSecret: {
    ...DP,
    name: "s3",
    secretData: { k: "v" },
    labels: { team: "a" },
    connectClusterName: "redpanda",
    adoptId: "a",
  },
  Connector: {
    ...DP,
    name: "sink",
    config: { "connector.class": "X" },
    connectClusterName: "redpanda",
    restartTrigger: "1",
    restartIncludeTasks: true,
    restartOnlyFailed: false,
    adoptId: "a",
  },
  Transform: {
    ...DP,
    name: "redact",
    inputTopicName: "orders",
    outputTopicNames: ["orders-redacted"],
    environmentVariables: [{ key: "LOG_LEVEL", value: "DEBUG" }],
    wasmPath: "redact.wasm",
    timeouts: { create: "5m" },
    allowDeletion: false,
    adoptId: "redact",
  },
};

/** Inputs a kind's main sample cannot hold with the others (another cloud's), each in a variant. */
const VARIANTS: Record<string, Record<string, unknown>[]> = {
  NetworkPeering: [
    {
      ...SAMPLES.NetworkPeering,
      cloudProvider: "CLOUD_PROVIDER_GCP",
      aws: undefined,
      gcp: { peerProjectId: "my-project", peerVpcName: "vpc-a" },
    },
    {
      ...SAMPLES.NetworkPeering,
      cloudProvider: "CLOUD_PROVIDER_AZURE",
      aws: undefined,
      azure: {
        peerSubscriptionId: "00000000-0000-0000-0000-000000000001",
        peerTenantId: "00000000-0000-0000-0000-000000000002",
        peerResourceGroup: "rg",
        peerVnetName: "vnet",
      },
    },
  ],
  Network: [
    {
      ...SAMPLES.Network,
      clusterType: "TYPE_BYOC",
      cidrBlock: undefined,
      customerManagedResources: {
        aws: {
          managementBucket: { arn: "arn:b" },
          dynamodbTable: { arn: "arn:t" },
          vpc: { arn: "arn:v" },
          privateSubnets: { arns: ["arn:s"] },
        },
      },
    },
  ],
  Cluster: [
    {
      ...CLUSTER,
      cloudProvider: "CLOUD_PROVIDER_AZURE",
      awsPrivateLink: undefined,
      customerManagedResources: undefined,
      byoc: { azureSubscriptionId: "s" },
      azurePrivateLink: { enabled: true },
    },
    {
      ...CLUSTER,
      cloudProvider: "CLOUD_PROVIDER_GCP",
      awsPrivateLink: undefined,
      customerManagedResources: undefined,
      byoc: { gcpProjectId: "p" },
      gcpPrivateServiceConnect: { enabled: true },
      gcpEnableGlobalAccess: true,
      gcpEnableGlobalAccessApiGateway: false,
    },
  ],
};

/** The sample that holds `name` for a kind. */
function sampleFor(type: string, name: string): Record<string, unknown> {
  const main = SAMPLES[type] as Record<string, unknown>;
  if (main[name] !== undefined) return main;
  return (VARIANTS[type] ?? []).find((v) => v[name] !== undefined) ?? main;
}

/** Another value of the same shape: still valid where the diff parses the inputs. */
function changed(value: unknown): unknown {
  if (typeof value === "string") return value.startsWith("https://") ? `${value}/x` : `${value}x`;
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  if (Array.isArray(value)) return [...value, "other"];
  if (value && typeof value === "object") {
    const [key, inner] = Object.entries(value)[0] ?? ["added", ""];
    return { ...value, [key]: changed(inner) };
  }
  throw new Error(`no change for ${String(value)}`);
}

const expectedDiff = (name: string, f: Field) =>
  f.change === "none"
    ? { changes: false }
    : expect.objectContaining({
        changes: true,
        replaces: f.change === "replace" ? [name] : [],
      });

const cases = Object.values(KINDS).flatMap((kind) =>
  Object.entries(kind.fields).map(([name, f]) => [kind.type, name, f.change, f] as const),
);

// Replacing changes of the kinds that hold data need the stack-wide opt-out of the deletion guard.

it("has a sample with every input of every kind", () => {
  for (const kind of Object.values(KINDS))
    expect([
      kind.type,
      [
        ...new Set(
          [SAMPLES[kind.type] ?? {}, ...(VARIANTS[kind.type] ?? [])].flatMap((v) =>
            Object.keys(v).filter((k) => v[k] !== undefined),
          ),
        ),
      ].sort(),
    ]).toEqual([kind.type, Object.keys(kind.fields).sort()]);
});

it.each(cases)("%s.%s: a change does what the declaration says (%s)", async (type, name, _c, f) => {
  const sample = sampleFor(type, name);
  const olds = { ...sample, id: "x", _rpType: type };
  const news = { ...sample, [name]: changed(sample[name]), _rpType: type };
  expect(await providerFor(type).diff("x", olds, news, ctx)).toEqual(expectedDiff(name, f));
});
