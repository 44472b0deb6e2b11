// Each rule of the policy pack through the policies the engine runs: the compliant resource passes,
// each violation names the resource, the property, the value and the fix; thresholds come from
// the policy config file; one resource can be waived; both front doors are checked alike.
import { POLICIES, failing, urnOf, violations } from "./harness";
import type { Resource } from "./harness";

const DP = "https://dp.example.com";
const topic = (props: Record<string, unknown>, extra: Partial<Resource> = {}): Resource => ({
  kind: "Topic",
  name: "orders",
  props: { dataplaneApiUrl: DP, name: "orders", ...props },
  protect: true,
  ...extra,
});
const acl = (props: Record<string, unknown>): Resource => ({
  kind: "Acl",
  name: "grant",
  props: {
    dataplaneApiUrl: DP,
    principal: "User:app",
    host: "*",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "orders",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ",
    permissionType: "PERMISSION_TYPE_ALLOW",
    ...props,
  },
});
const cluster = (props: Record<string, unknown>, stack = "prod"): Resource => ({
  kind: "Cluster",
  name: "main",
  stack,
  protect: true,
  props: {
    name: "main",
    region: "us-east-1",
    throughputTier: "tier-1-aws-v3-arm",
    connectionType: "CONNECTION_TYPE_PRIVATE",
    ...props,
  },
});

it("declares twelve policies, all mandatory but the SCRAM advice", () => {
  expect(POLICIES.map((p) => `${p.name}:${p.enforcementLevel}`)).toEqual([
    "topic-min-replication-factor:mandatory",
    "topic-retention-bounds:mandatory",
    "topic-cleanup-policy:mandatory",
    "topic-max-partitions:mandatory",
    "acl-no-all-for-everyone:mandatory",
    "acl-no-all-on-any-resource:mandatory",
    "cluster-private-connection:mandatory",
    "cluster-approved-tiers:mandatory",
    "cluster-approved-regions:mandatory",
    "deletion-protection:mandatory",
    "no-org-admin-binding:mandatory",
    "user-scram-sha-512:advisory",
  ]);
  // Every policy takes the per-resource waiver in its config schema.
  for (const p of POLICIES) expect(p.configSchema?.properties.excludedResources).toBeDefined();
});

describe("topics", () => {
  const good = {
    partitionCount: 6,
    replicationFactor: 3,
    configs: { "retention.ms": "604800000" },
  };

  it("a compliant topic passes, through either door", async () => {
    expect(await failing(topic(good))).toEqual([]);
    expect(await failing(topic(good, { door: "plugin" }))).toEqual([]);
    // Unset replication, partitions and retention are the cluster's defaults: not the program's.
    expect(await failing(topic({}))).toEqual([]);
  });

  it("replication below the minimum, with the message naming resource, property, value and fix", async () => {
    const found = await violations(topic({ ...good, replicationFactor: 1 }));
    expect(found).toEqual([
      {
        policy: "topic-min-replication-factor",
        message:
          'Topic "orders": replicationFactor is 1, below the minimum 3. Fix: set replicationFactor ' +
          'to 3 or more (a change replaces the topic). To waive it for this resource, list "orders" ' +
          "in excludedResources of topic-min-replication-factor (policy config).",
      },
    ]);
    const assigned = topic({ replicaAssignments: [{ partitionId: 0, replicaIds: [1, 2] }] });
    expect((await violations(assigned))[0]?.message).toContain(
      "replicaAssignments[0].replicaIds is [1,2], 2 replica(s), below the minimum 3",
    );
    const config = { "topic-min-replication-factor": { minReplicationFactor: 1 } };
    expect(await failing(topic({ ...good, replicationFactor: 1 }), config)).toEqual([]);
  });

  it("retention outside the bounds, unlimited where a maximum is set", async () => {
    const msg = async (configs: Record<string, string>, config = {}) =>
      (await violations(topic({ configs }), config)).map((v) => v.message.split(". Fix")[0]);
    expect(await msg({ "retention.ms": "60000" })).toEqual([
      'Topic "orders": configs["retention.ms"] is "60000", below the minimum 3600000',
    ]);
    expect(await msg({ "retention.ms": "9999999999" })).toEqual([
      'Topic "orders": configs["retention.ms"] is "9999999999", above the maximum 2592000000',
    ]);
    expect(await msg({ "retention.ms": "-1" })).toEqual([
      'Topic "orders": configs["retention.ms"] is "-1", unlimited, above the maximum 2592000000',
    ]);
    // No byte bounds by default; with a maximum, unlimited bytes are refused unless allowed.
    expect(await msg({ "retention.bytes": "-1" })).toEqual([]);
    const bytes = { "topic-retention-bounds": { maxRetentionBytes: 1_000_000_000 } };
    expect(await msg({ "retention.bytes": "-1" }, bytes)).toEqual([
      'Topic "orders": configs["retention.bytes"] is "-1", unlimited, above the maximum 1000000000',
    ]);
    const unlimited = { "topic-retention-bounds": { allowUnlimitedRetention: true } };
    expect(await msg({ "retention.ms": "-1" }, unlimited)).toEqual([]);
  });

  it("cleanup policies: none refused by default, the allowed list from config", async () => {
    expect(await failing(topic({ configs: { "cleanup.policy": "none" } }))).toEqual([
      "topic-cleanup-policy",
    ]);
    // Order within a value does not matter.
    expect(await failing(topic({ configs: { "cleanup.policy": "delete,compact" } }))).toEqual([]);
    const onlyDelete = { "topic-cleanup-policy": { allowedCleanupPolicies: ["delete"] } };
    const found = await violations(topic({ configs: { "cleanup.policy": "compact" } }), onlyDelete);
    expect(found[0]?.message).toContain(
      'configs["cleanup.policy"] is "compact", not an allowed cleanup policy. Fix: use one of "delete"',
    );
  });

  it("partitions above the maximum, from config", async () => {
    expect(await failing(topic({ partitionCount: 101 }))).toEqual(["topic-max-partitions"]);
    expect(await failing(topic({ partitionCount: 100 }))).toEqual([]);
    const config = { "topic-max-partitions": { maxPartitions: 12 } };
    expect(await failing(topic({ partitionCount: 24 }), config)).toEqual(["topic-max-partitions"]);
  });
});

describe("ACLs", () => {
  it("a named principal with named operations passes", async () => {
    expect(await failing(acl({}))).toEqual([]);
    // DENY only takes away; ALL from a given host to a named user is allowed.
    expect(
      await failing(
        acl({
          principal: "User:*",
          operation: "OPERATION_ALL",
          permissionType: "PERMISSION_TYPE_DENY",
        }),
      ),
    ).toEqual([]);
    expect(await failing(acl({ operation: "OPERATION_ALL", host: "10.0.0.7" }))).toEqual([]);
  });

  it("ALL to everyone: a wildcard principal, or any host", async () => {
    const found = await violations(acl({ principal: "User:*", operation: "OPERATION_ALL" }));
    expect(found.map((v) => v.message.split(". Fix")[0])).toEqual([
      'Acl "grant": principal is "User:*", everyone, with operation OPERATION_ALL',
      'Acl "grant": host is "*", any host, with operation OPERATION_ALL',
    ]);
    // host unset is the default "*".
    const unset = acl({ operation: "OPERATION_ALL" });
    delete unset.props.host;
    expect((await violations(unset))[0]?.message).toContain('host is unset (the default, "*")');
    const anyHost = { "acl-no-all-for-everyone": { allowAnyHost: true } };
    expect(await failing(acl({ operation: "OPERATION_ALL" }), anyHost)).toEqual([]);
  });

  it("ALL on every resource: the name *, or an empty prefix", async () => {
    const wide = { operation: "OPERATION_ALL", host: "10.0.0.7" };
    expect(await failing(acl({ ...wide, resourceName: "*" }))).toEqual([
      "acl-no-all-on-any-resource",
    ]);
    expect(
      await failing(
        acl({ ...wide, resourceName: "", resourcePatternType: "RESOURCE_PATTERN_TYPE_PREFIXED" }),
      ),
    ).toEqual(["acl-no-all-on-any-resource"]);
    expect(
      await failing(
        acl({
          ...wide,
          resourceName: "orders-",
          resourcePatternType: "RESOURCE_PATTERN_TYPE_PREFIXED",
        }),
      ),
    ).toEqual([]);
    expect(await failing(acl({ resourceName: "*" }))).toEqual([]);
  });
});

describe("clusters", () => {
  it("private in production stacks, any connection elsewhere", async () => {
    expect(await failing(cluster({}))).toEqual([]);
    const found = await violations(cluster({ connectionType: undefined }));
    expect(found.map((v) => v.message.split(". To waive")[0])).toEqual([
      'Cluster "main": connectionType is unset (the default, CONNECTION_TYPE_PUBLIC), reachable from ' +
        'the internet. Fix: set connectionType to "CONNECTION_TYPE_PRIVATE" (set at creation: a change replaces the cluster)',
    ]);
    expect(await failing(cluster({ connectionType: "CONNECTION_TYPE_PUBLIC" }, "staging"))).toEqual(
      [],
    );
    const everywhere = { "cluster-private-connection": { stacks: ["*"] } };
    expect(
      await failing(cluster({ connectionType: "CONNECTION_TYPE_PUBLIC" }, "staging"), everywhere),
    ).toEqual(["cluster-private-connection"]);
    const serverless: Resource = {
      kind: "ServerlessCluster",
      name: "sl",
      stack: "prod",
      protect: true,
      props: { name: "sl", serverlessRegion: "us-east-1" },
    };
    expect(await failing(serverless)).toEqual(["cluster-private-connection"]);
    serverless.props.networkingConfig = { public: "STATE_DISABLED", private: "STATE_ENABLED" };
    expect(await failing(serverless)).toEqual([]);
  });

  it("approved tiers and regions, when config lists them", async () => {
    const config = {
      "cluster-approved-tiers": { throughputTiers: ["tier-2-aws-v3-arm"] },
      "cluster-approved-regions": { regions: ["eu-west-1"] },
    };
    const found = await violations(cluster({}), config);
    expect(found.map((v) => v.message.split(". To waive")[0])).toEqual([
      'Cluster "main": throughputTier is "tier-1-aws-v3-arm", not an approved tier. Fix: use one of tier-2-aws-v3-arm',
      'Cluster "main": region is "us-east-1", not an approved region. Fix: use one of eu-west-1 (a change replaces the resource)',
    ]);
    const network: Resource = { kind: "Network", name: "net", props: { region: "us-east-1" } };
    expect(await failing(network, config)).toEqual(["cluster-approved-regions"]);
    expect(await failing(network)).toEqual([]);
  });
});

describe("deletion protection", () => {
  it("no allowDeletion on a resource in a production stack", async () => {
    const allowed = topic({ allowDeletion: true }, { stack: "prod" });
    expect(await failing(allowed)).toEqual(["deletion-protection"]);
    expect(await failing({ ...allowed, stack: "dev" })).toEqual([]);
    expect(
      await failing({ ...allowed, stack: "live" }, { "deletion-protection": { stacks: ["live"] } }),
    ).toEqual(["deletion-protection"]);
  });

  it("nor stack-wide: the plugin's provider config, the dynamic resources' protect", async () => {
    const plugin = topic(
      {},
      { stack: "prod", door: "plugin", provider: { allowDeletion: "true" } },
    );
    expect((await violations(plugin))[0]?.message).toContain(
      "the provider's allowDeletion is true, every resource that holds data may be deleted in a protected stack. Fix: `pulumi config rm redpandacloud:allowDeletion`",
    );
    expect(await failing({ ...plugin, provider: { allowDeletion: "false" } })).toEqual([]);
    // A dynamic resource that holds data is protect-ed unless its deletion is allowed.
    const unprotected = topic({}, { stack: "prod", protect: false });
    expect((await violations(unprotected))[0]?.message).toContain(
      "protect is false, it may be deleted in a protected stack (the stack sets redpanda:allowDeletion",
    );
    // Kinds that hold no data are not concerned.
    expect(await failing({ ...acl({}), stack: "prod" })).toEqual([]);
  });
});

describe("access", () => {
  it("no Admin on the organization; a resource group is fine", async () => {
    const binding = (resourceType: string): Resource => ({
      kind: "RoleBinding",
      name: "ops",
      props: { roleName: "Admin", accountId: "u1", scope: { resourceType, resourceId: "" } },
    });
    expect(await failing(binding("SCOPE_RESOURCE_TYPE_ORGANIZATION"))).toEqual([
      "no-org-admin-binding",
    ]);
    expect(await failing(binding("SCOPE_RESOURCE_TYPE_RESOURCE_GROUP"))).toEqual([]);
  });

  it("SCRAM-SHA-512 advised for users", async () => {
    const user = (mechanism?: string): Resource => ({
      kind: "User",
      name: "app",
      props: { name: "app", password: "secret-value", ...(mechanism ? { mechanism } : {}) },
    });
    expect(await failing(user("SASL_MECHANISM_SCRAM_SHA_512"))).toEqual([]);
    const found = await violations(user());
    expect(found.map((v) => v.policy)).toEqual(["user-scram-sha-512"]);
    expect(found[0]?.message).toContain(
      "mechanism is unset (the default, SASL_MECHANISM_SCRAM_SHA_256)",
    );
    expect(found[0]?.message).not.toContain("secret-value");
  });
});

describe("waivers and values not known yet", () => {
  it("excludedResources waives one resource by name or URN, for that rule only", async () => {
    const bad = topic({ replicationFactor: 1, partitionCount: 500 });
    const byName = { "topic-min-replication-factor": { excludedResources: ["orders"] } };
    expect(await failing(bad, byName)).toEqual(["topic-max-partitions"]);
    const byUrn = { "topic-max-partitions": { excludedResources: [urnOf(bad)] } };
    expect(await failing(bad, byUrn)).toEqual(["topic-min-replication-factor"]);
    expect(await failing({ ...bad, name: "other" }, byName)).toEqual([
      "topic-max-partitions",
      "topic-min-replication-factor",
    ]);
  });

  it("a value unknown at preview is skipped (the engine checks it again at up)", async () => {
    // The framework's own proxy, as the engine's inputs arrive at a preview.
    const proxy = jest.requireActual<{
      unknownCheckingProxy<T extends object>(o: T): T;
      unknownStringValue: unknown;
    }>("@pulumi/policy/proxy");
    const inputs = (principal: unknown): Resource => ({
      kind: "Acl",
      name: "grant",
      door: "plugin",
      props: proxy.unknownCheckingProxy({
        principal,
        host: "10.0.0.7",
        operation: "OPERATION_ALL",
        permissionType: "PERMISSION_TYPE_ALLOW",
        resourceName: "orders",
      }),
    });
    expect(await failing(inputs(proxy.unknownStringValue))).toEqual([]);
    expect(await failing(inputs("User:*"))).toEqual(["acl-no-all-for-everyone"]);
  });
});
