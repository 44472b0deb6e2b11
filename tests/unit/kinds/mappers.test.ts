// The pure mappers of each kind (provider/kinds/), table-tested without the emulator: inputs → the
// vendor's request body, and the API's record → the state a read keeps.
import * as acl from "../../../provider/kinds/acl/kind";
import * as cluster from "../../../provider/kinds/cluster/kind";
import * as connector from "../../../provider/kinds/connector/kind";
import * as network from "../../../provider/kinds/network/kind";
import * as pipeline from "../../../provider/kinds/pipeline/kind";
import * as resourceGroup from "../../../provider/kinds/resource-group/kind";
import * as roleBinding from "../../../provider/kinds/role-binding/kind";
import * as serverless from "../../../provider/kinds/serverless-cluster/kind";
import * as serviceAccount from "../../../provider/kinds/service-account/kind";
import * as topic from "../../../provider/kinds/topic/kind";
import * as user from "../../../provider/kinds/user/kind";

const URL = "https://dp.example.test";

describe("Network", () => {
  const i = network.networkKind.inputs.parse({
    name: "net",
    resourceGroupId: "rg",
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    cidrBlock: "10.1.0.0/20",
    clusterType: "TYPE_DEDICATED",
  });

  it("sends the create body in the vendor's snake_case", () => {
    expect(network.toApi(i)).toEqual({
      name: "net",
      resource_group_id: "rg",
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      cidr_block: "10.1.0.0/20",
      cluster_type: "TYPE_DEDICATED",
    });
  });

  it("reads what the API reports over what was declared", () => {
    const api = {
      id: "n1",
      name: "renamed",
      resource_group_id: "rg",
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-east1",
      cidr_block: "10.2.0.0/20",
      cluster_type: "TYPE_DEDICATED",
      state: "STATE_READY",
      zones: ["us-east1-a"],
    };
    expect(network.fromApi(api, i)).toEqual({
      ...i,
      id: "n1",
      name: "renamed",
      region: "us-east1",
      cidrBlock: "10.2.0.0/20",
      state: "STATE_READY",
      zones: ["us-east1-a"],
    });
  });
});

describe("Cluster", () => {
  const base = {
    name: "prod",
    resourceGroupId: "rg",
    networkId: "abcdefghij0123456789",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    zones: ["use1-az1"],
    throughputTier: "tier-1-aws-v2-arm",
    type: "TYPE_DEDICATED",
  };
  const i = cluster.clusterKind.inputs.parse(base);

  it.each([
    ["the required fields and the connection default", {}, {}],
    [
      "the optional fields, wrapped as the wire has them",
      { redpandaVersion: "25.1", kafkaConnect: true, cloudProviderTags: { team: "a" } },
      {
        redpanda_version: "25.1",
        kafka_connect: { enabled: true },
        cloud_provider_tags: { team: "a" },
      },
    ],
  ])("create body: %s", (_what, extra, wire) => {
    expect(cluster.toApi(cluster.clusterKind.inputs.parse({ ...base, ...extra }))).toEqual({
      name: "prod",
      resource_group_id: "rg",
      network_id: "abcdefghij0123456789",
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      zones: ["use1-az1"],
      throughput_tier: "tier-1-aws-v2-arm",
      type: "TYPE_DEDICATED",
      connection_type: "CONNECTION_TYPE_PUBLIC",
      ...wire,
    });
  });

  it.each([
    ["nothing updatable changed", {}, {}],
    ["a rename", { name: "prod-2" }, { name: "prod-2" }],
    ["a new tier", { throughputTier: "t2" }, { throughput_tier: "t2" }],
    ["tags", { cloudProviderTags: { a: "1" } }, { cloud_provider_tags: { a: "1" } }],
    ["tags declared empty where none were set", { cloudProviderTags: {} }, {}],
    ["Kafka Connect on", { kafkaConnect: true }, { kafka_connect: { enabled: true } }],
    ["Kafka Connect unset, as it was off", { kafkaConnect: false }, {}],
  ])("PATCH body: %s", (_what, change, patch) => {
    expect(cluster.updateOf(i, { ...i, ...change })).toEqual(patch);
  });

  it("reads the computed fields and the updatable inputs from the record", () => {
    const record = {
      id: "c1",
      name: "prod-renamed",
      state: "STATE_READY",
      type: "TYPE_DEDICATED",
      region: "us-east-1",
      zones: ["use1-az1"],
      throughput_tier: "t9",
      dataplane_api: { url: "https://dp" },
      kafka_api: { seed_brokers: ["b:9092"] },
      current_redpanda_version: "25.1.3",
    } as unknown as Parameters<typeof cluster.fromApi>[0];
    expect(cluster.fromApi(record, i)).toEqual({
      ...i,
      id: "c1",
      name: "prod-renamed",
      throughputTier: "t9",
      state: "STATE_READY",
      stateDescription: "",
      dataplaneApiUrl: "https://dp",
      kafkaSeedBrokers: ["b:9092"],
      schemaRegistryUrl: "",
      httpProxyUrl: "",
      consoleUrl: "",
      prometheusUrl: "",
      natGateways: [],
      currentRedpandaVersion: "25.1.3",
      desiredRedpandaVersion: "25.1.3",
      awsPrivateLinkStatus: undefined,
      azurePrivateLinkStatus: undefined,
      gcpPrivateServiceConnectStatus: undefined,
    });
  });

  const full = cluster.clusterKind.inputs.parse({
    ...base,
    type: "TYPE_BYOC",
    awsPrivateLink: { enabled: true, allowedPrincipals: ["arn:aws:iam::1:root"] },
    kafkaApi: { mtls: { enabled: true, caCertificatesPem: ["pem"] }, sasl: { enabled: true } },
    clusterConfiguration: { customProperties: { audit_enabled: true, "log.retention.ms": 5 } },
    maintenanceWindowConfig: { dayHour: { dayOfWeek: "SUNDAY", hourOfDay: 3 } },
    redpandaConnect: { allowedDestinationCidrPorts: [{ cidr: "10.0.0.0/8", portStart: 1 }] },
    customerManagedResources: {
      aws: {
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
    },
  });

  it("create body: nested inputs in the wire's snake_case; property names and digits kept", () => {
    const body = cluster.toApi(full) as Record<string, unknown>;
    expect(body.aws_private_link).toEqual({
      enabled: true,
      allowed_principals: ["arn:aws:iam::1:root"],
    });
    expect(body.kafka_api).toEqual({
      mtls: { enabled: true, ca_certificates_pem: ["pem"] },
      sasl: { enabled: true },
    });
    // A map's keys are the user's (Redpanda property names), not field names to rename.
    expect(body.cluster_configuration).toEqual({
      custom_properties: { audit_enabled: true, "log.retention.ms": 5 },
    });
    expect(body.maintenance_window_config).toEqual({
      day_hour: { day_of_week: "SUNDAY", hour_of_day: 3 },
    });
    expect(body.redpanda_connect).toEqual({
      allowed_destination_cidr_ports: [{ cidr: "10.0.0.0/8", port_start: 1 }],
    });
    const aws = (body.customer_managed_resources as { aws: Record<string, unknown> }).aws;
    expect(aws.k8s_cluster_role).toEqual({ arn: "arn:k8sClusterRole" });
  });

  it("PATCH body: each changed updatable field, whole, in the wire's shape", () => {
    const next = {
      ...full,
      maintenanceWindowConfig: { anytime: {} },
      kafkaApi: { sasl: { enabled: false } },
      redpandaNodeCount: 5,
    };
    expect(cluster.updateOf(full, next)).toEqual({
      maintenance_window_config: { anytime: {} },
      kafka_api: { sasl: { enabled: false } },
      redpanda_node_count: 5,
    });
  });

  it("customer-managed resources: an added rpsql resource updates, a changed agent profile replaces", () => {
    const aws = full.customerManagedResources!.aws!;
    const added = {
      ...full,
      customerManagedResources: { aws: { ...aws, rpsqlSecurityGroup: { arn: "arn:sg" } } },
    };
    expect(cluster.replacesOf(full, added)).toEqual([]);
    expect(cluster.updateOf(full, added)).toEqual({
      customer_managed_resources: { aws: { rpsql_security_group: { arn: "arn:sg" } } },
    });
    const moved = {
      ...full,
      customerManagedResources: { aws: { ...aws, agentInstanceProfile: { arn: "arn:other" } } },
    };
    expect(cluster.replacesOf(full, moved)).toEqual(["customerManagedResources"]);
  });

  it("read: declared nested inputs as the API has them, server defaults not drift", () => {
    const record = {
      id: "c1",
      name: "prod",
      state: "STATE_READY",
      region: "us-east-1",
      zones: ["use1-az1"],
      throughput_tier: "tier-1-aws-v2-arm",
      dataplane_api: { url: "https://dp" },
      kafka_api: {
        seed_brokers: [],
        mtls: { enabled: true, ca_certificates_pem: ["pem2"], principal_mapping_rules: [] },
        sasl: { enabled: true },
      },
      aws_private_link: {
        enabled: true,
        allowed_principals: ["arn:aws:iam::1:root"],
        connect_console: false,
        status: { service_name: "com.amazonaws.vpce.us-east-1.vpce-svc-1", future_field: 1 },
      },
      current_redpanda_version: "25.1.3",
    } as unknown as Parameters<typeof cluster.fromApi>[0];
    const read = cluster.fromApi(record, full);
    expect(read.kafkaApi).toEqual({
      mtls: { enabled: true, caCertificatesPem: ["pem2"] },
      sasl: { enabled: true },
    });
    expect(read.awsPrivateLink).toEqual(full.awsPrivateLink);
    expect(read.awsPrivateLinkStatus).toEqual({
      serviceName: "com.amazonaws.vpce.us-east-1.vpce-svc-1",
    });
  });
});

describe("ServerlessCluster", () => {
  const i = serverless.serverlessClusterKind.inputs.parse({
    name: "sls",
    resourceGroupId: "rg",
    serverlessRegion: "us-east-1",
    tags: { env: "dev" },
  });
  const record = {
    id: "s1",
    name: "sls",
    resource_group_id: "rg",
    serverless_region: "us-east-1",
    state: "STATE_READY",
    dataplane_api: { url: "https://dp" },
  };

  it("sends tags only when declared", () => {
    expect(serverless.toApi(i)).toEqual({
      name: "sls",
      resource_group_id: "rg",
      serverless_region: "us-east-1",
      tags: { env: "dev" },
    });
    expect(serverless.toApi({ ...i, tags: undefined })).not.toHaveProperty("tags");
  });

  it.each([
    ["tags the API reports win", { a: "b" }, { a: "b" }],
    ["no tags reported keeps the declared ones", {}, { env: "dev" }],
  ])("read: %s", (_what, tags, expected) => {
    const api = { ...record, tags } as Parameters<typeof serverless.fromApi>[0];
    expect(serverless.fromApi(api, i)).toEqual({
      ...i,
      id: "s1",
      state: "STATE_READY",
      dataplaneApiUrl: "https://dp",
      kafkaSeedBrokers: [],
      schemaRegistryUrl: "",
      consoleUrl: "",
      privateKafkaSeedBrokers: [],
      privateDataplaneApiUrl: "",
      tags: expected,
    });
  });

  it("networking and the private link: sent in snake_case, patched only where changed", () => {
    const privately = {
      ...i,
      networkingConfig: { public: "STATE_ENABLED", private: "STATE_ENABLED" } as const,
      privateLinkId: "pl1",
    };
    expect(serverless.toApi(privately)).toMatchObject({
      networking_config: { public: "STATE_ENABLED", private: "STATE_ENABLED" },
      private_link_id: "pl1",
    });
    expect(serverless.updateOf(i, privately)).toEqual({
      networking_config: { public: "STATE_ENABLED", private: "STATE_ENABLED" },
      private_link_id: "pl1",
    });
    expect(serverless.updateOf(privately, privately)).toEqual({});
  });

  it("check: a private endpoint without a private link is refused, naming privateLinkId", () => {
    const r = serverless.serverlessClusterKind.inputs.safeParse({
      ...i,
      networkingConfig: { private: "STATE_ENABLED" },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((x) => x.path.join("."))).toEqual(["privateLinkId"]);
  });
});

describe("ResourceGroup, ServiceAccount and RoleBinding", () => {
  it("reads a group's name", () => {
    const props = { id: "g1", name: "old" };
    expect(resourceGroup.fromApi({ id: "g1", name: "new" }, props)).toEqual({
      id: "g1",
      name: "new",
    });
  });

  it("keeps the client id and secret written at creation when a read has none", () => {
    const props = {
      id: "sa",
      name: "a",
      description: "",
      clientId: "cid",
      clientSecret: "s3cret",
    };
    const api = { id: "sa", name: "b", description: "d" } as Parameters<
      typeof serviceAccount.fromApi
    >[0];
    expect(serviceAccount.fromApi(api, props)).toEqual({
      ...props,
      name: "b",
      description: "d",
    });
  });

  it("sends a binding with its scope in snake_case and reads it back", () => {
    const i = roleBinding.roleBindingKind.inputs.parse({
      roleName: "Writer",
      accountId: "acc",
      scope: { resourceType: "SCOPE_RESOURCE_TYPE_ORGANIZATION" },
    });
    expect(roleBinding.toApi(i)).toEqual({
      role_name: "Writer",
      account_id: "acc",
      scope: { resource_type: "SCOPE_RESOURCE_TYPE_ORGANIZATION", resource_id: "" },
    });
    const api = {
      id: "rb",
      role_name: "Reader",
      account_id: "acc2",
      scope: { resource_type: "SCOPE_RESOURCE_TYPE_CLUSTER", resource_id: "c1" },
    };
    // The scope is read back too: an import holds every input (its code previews unchanged).
    expect(roleBinding.fromApi(api, { ...i, id: "rb" })).toEqual({
      ...i,
      id: "rb",
      roleName: "Reader",
      accountId: "acc2",
      scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: "c1" },
    });
  });
});

describe("User and Acl", () => {
  const u = user.userKind.inputs.parse({ dataplaneApiUrl: URL, name: "app", password: "pw-123" });

  it("sends the user with the default mechanism", () => {
    expect(user.toApi(u)).toEqual({
      name: "app",
      password: "pw-123",
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    });
  });

  it.each([
    ["a known mechanism is read", "SASL_MECHANISM_SCRAM_SHA_512", "SASL_MECHANISM_SCRAM_SHA_512"],
    [
      "an unknown one (a newer API's) surfaces as it is",
      "SASL_MECHANISM_NEW",
      "SASL_MECHANISM_NEW",
    ],
    ["an empty one keeps the declared", "", "SASL_MECHANISM_SCRAM_SHA_256"],
  ])("user read: %s", (_what, mechanism, expected) => {
    expect(user.fromApi({ name: "app", mechanism }, { ...u, id: "app" }).mechanism).toBe(expected);
  });

  const a = acl.aclKind.inputs.parse({
    dataplaneApiUrl: URL,
    principal: "User:app",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "orders",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ",
    permissionType: "PERMISSION_TYPE_ALLOW",
  });
  const wire = {
    resource_type: "RESOURCE_TYPE_TOPIC",
    resource_name: "orders",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
    principal: "User:app",
    host: "*",
    operation: "OPERATION_READ",
    permission_type: "PERMISSION_TYPE_ALLOW",
  };

  it("sends all seven fields and is identified by them", () => {
    expect(acl.toApi(a)).toEqual(wire);
    expect(acl.aclId(a)).toBe(
      "RESOURCE_TYPE_TOPIC|RESOURCE_PATTERN_TYPE_LITERAL|orders|User:app|*|OPERATION_READ|PERMISSION_TYPE_ALLOW",
    );
  });

  it.each([
    ["the same tuple", {}, true],
    ["another operation", { operation: "OPERATION_WRITE" }, false],
    ["another host", { host: "10.0.0.1" }, false],
    ["a DENY", { permission_type: "PERMISSION_TYPE_DENY" }, false],
  ])("a listed ACL with %s matches: %s", (_what, change, expected) => {
    expect(acl.matches({ ...wire, ...change }, a)).toBe(expected);
  });
});

describe("Topic", () => {
  const i = topic.topicKind.inputs.parse({
    dataplaneApiUrl: URL,
    name: "orders",
    partitionCount: 3,
    configs: { "retention.ms": "1000" },
  });

  it("sends configs as a name/value list and leaves unset counts to the cluster", () => {
    expect(topic.toApi(i)).toEqual({
      name: "orders",
      partition_count: 3,
      replication_factor: undefined,
      configs: [{ name: "retention.ms", value: "1000" }],
    });
  });

  it("counts only configs set on the topic itself", () => {
    const live = topic.liveOf({ name: "orders", partition_count: 6, replication_factor: 3 }, [
      { name: "retention.ms", value: "1000", source: "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG" },
      { name: "cleanup.policy", value: "delete", source: "CONFIG_SOURCE_DEFAULT_CONFIG" },
      { name: "segment.ms", value: null, source: "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG" },
    ]);
    expect(live).toEqual({
      partitionCount: 6,
      replicationFactor: 3,
      configs: { "retention.ms": "1000" },
    });
  });

  it("reads partitions and replicas only where the user declared them", () => {
    const live = { partitionCount: 6, replicationFactor: 3, configs: {} };
    expect(topic.fromApi(live, { ...i, id: "orders" })).toEqual({
      ...i,
      id: "orders",
      partitionCount: 6,
      configs: {},
    });
  });
});

describe("Pipeline and Connector", () => {
  const i = pipeline.pipelineKind.inputs.parse({
    dataplaneApiUrl: URL,
    displayName: "flow",
    configYaml: "input: {}",
    resources: { cpuShares: "100m", memoryShares: "256Mi" },
  });

  it("sends the pipeline and masks exactly the fields it manages", () => {
    expect(pipeline.toApi(i)).toEqual({
      display_name: "flow",
      description: "",
      config_yaml: "input: {}",
      resources: { cpu_shares: "100m", memory_shares: "256Mi" },
    });
    expect(pipeline.updateMask(i)).toBe("display_name,description,config_yaml,resources");
    expect(pipeline.updateMask({ ...i, resources: undefined })).toBe(
      "display_name,description,config_yaml",
    );
  });

  it.each([
    ["STATE_RUNNING", "running"],
    ["STATE_STARTING", "running"],
    ["STATE_STOPPING", "stopped"],
    ["STATE_ERROR", "running"],
  ])("reads the API's %s as the requested state %s", (apiState, state) => {
    const api = {
      id: "p1",
      display_name: "flow",
      description: "",
      config_yaml: "input: {}",
      state: apiState,
      resources: { cpu_shares: "1", memory_shares: "1G" },
    };
    expect(pipeline.fromApi(api, { ...i, id: "p1", apiState: "" })).toEqual({
      ...i,
      id: "p1",
      state,
      apiState,
      resources: { cpuShares: "1", memoryShares: "1G" },
    });
  });

  it("drops the name the API echoes inside a connector's config", () => {
    const props = connector.connectorKind.inputs.parse({
      dataplaneApiUrl: URL,
      name: "sink",
      config: { "connector.class": "X" },
    });
    const api = { name: "sink", config: { "connector.class": "X", name: "sink" }, type: "sink" };
    expect(connector.fromApi(api, { ...props, id: "sink", type: "" })).toEqual({
      ...props,
      id: "sink",
      type: "sink",
      config: { "connector.class": "X" },
    });
  });
});
