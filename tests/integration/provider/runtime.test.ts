// The provider objects the shim dispatches to (runtime v1), against the real emulator: the
// lifecycle rules every resource shares, and the lookups.
import { UNKNOWN } from "../../../provider/runtime/lifecycle";
import {
  getCluster,
  getNetwork,
  getRegion,
  getRegions,
  getResourceGroup,
  getServerlessRegions,
  getThroughputTiers,
  getOperation,
  getRoleBindings,
  getServerlessCluster,
  getUser,
} from "../../../provider/lookups";
import type { TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  configureRuntime,
  expectAllResponsesValid,
  startTestEmulator,
} from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
  // Lookups run in the program process and read the environment when no stack config is set.
  process.env.REDPANDA_API_URL = t.emu.url;
  process.env.REDPANDA_ACCESS_TOKEN = TOKEN;
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "provider-runtime");
});

describe("check", () => {
  it("names the property and the rule, before any API call", async () => {
    await t.admin("DELETE", "/_admin/requests");
    const res = await call(
      "check",
      {},
      {
        _rpType: "Network",
        name: "n",
        resourceGroupId: "rg",
        cloudProvider: "CLOUD_PROVIDER_MARS",
        region: "x",
        cidrBlock: "10.0.0.0/24",
        clusterType: "TYPE_DEDICATED",
      },
    );
    expect(res.failures).toEqual([
      { property: "cloudProvider", reason: expect.stringMatching(/^Network .*CLOUD_PROVIDER_AWS/) },
      {
        property: "cidrBlock",
        reason: 'Network cidrBlock must be a /16 to /20 block; "10.0.0.0/24" is /24',
      },
    ]);
    const log = (await t.admin("GET", "/_admin/requests")) as { entries: unknown[] };
    expect(log.entries).toEqual([]);
  });

  it("skips values still unknown at preview and applies defaults otherwise", async () => {
    const unknownUrl = await call(
      "check",
      {},
      { _rpType: "Topic", dataplaneApiUrl: UNKNOWN, name: "t1" },
    );
    expect(unknownUrl.failures).toEqual([]);
    const ok = await call(
      "check",
      {},
      {
        _rpType: "Acl",
        dataplaneApiUrl: "https://x/dp/c",
        principal: "User:a",
        resourceType: "RESOURCE_TYPE_TOPIC",
        resourceName: "t",
        resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
        operation: "OPERATION_READ",
        permissionType: "PERMISSION_TYPE_ALLOW",
        __provider: "code",
      },
    );
    expect(ok.inputs).toMatchObject({ host: "*", _rpType: "Acl", __provider: "code" });
  });
});

describe("lifecycle against the emulator", () => {
  it("creates, reads, updates and deletes; a missing resource reads as gone and deletes as done", async () => {
    const checked = await call(
      "check",
      {},
      { _rpType: "ResourceGroup", name: "rt-group", __provider: "code" },
    );
    const created = (await call("create", checked.inputs)) as { id: string; outs: Props };
    expect(created.outs).toMatchObject({
      name: "rt-group",
      id: created.id,
      _rpType: "ResourceGroup",
      __provider: "code",
    });

    const same = await call("diff", created.id, created.outs, checked.inputs);
    expect(same).toEqual({ changes: false });
    const renamed = { ...(checked.inputs as Props), name: "rt-group-2" };
    expect(await call("diff", created.id, created.outs, renamed)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    const updated = (await call("update", created.id, created.outs, renamed)) as { outs: Props };
    expect(t.emu.world().resourceGroups[created.id]?.name).toBe("rt-group-2");

    const read = await call("read", created.id, updated.outs);
    expect(read).toMatchObject({
      id: created.id,
      props: { name: "rt-group-2" },
      inputs: { name: "rt-group-2" },
    });

    await call("delete", created.id, updated.outs);
    expect(t.emu.world().resourceGroups[created.id]).toBeUndefined();
    expect(await call("read", created.id, updated.outs)).toEqual({});
    await expect(call("delete", created.id, updated.outs)).resolves.toBeUndefined();
  });

  it("keeps a cluster whose create failed: rejects with its id and properties", async () => {
    const rg = (await call("create", { _rpType: "ResourceGroup", name: "rt-fail" })) as {
      id: string;
    };
    const net = (await call("create", {
      _rpType: "Network",
      name: "rt-fail-net",
      resourceGroupId: rg.id,
      cloudProvider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      cidrBlock: "10.40.0.0/20",
      clusterType: "TYPE_DEDICATED",
    })) as { id: string };
    await t.admin("POST", "/_admin/operation-faults", {
      type: "TYPE_CREATE_CLUSTER",
      code: "RESOURCE_EXHAUSTED",
      message: "zone out of capacity",
    });
    const inputs = {
      _rpType: "Cluster",
      __provider: "code",
      name: "rt-fail-cluster",
      resourceGroupId: rg.id,
      networkId: net.id,
      cloudProvider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      zones: ["us-central1-a"],
      throughputTier: "tier-1-gcp-v2-x86",
      type: "TYPE_DEDICATED",
      connectionType: "CONNECTION_TYPE_PUBLIC",
    };
    const rejection = (await call("create", inputs).catch((e: unknown) => e)) as {
      id: string;
      message: string;
      properties: Props;
      reasons: string[];
    };
    expect(rejection.id).toMatch(/^[a-v0-9]{20}$/);
    expect(t.emu.world().clusters[rejection.id]?.state).toBe("STATE_FAILED");
    // The create waits on its operation: the FAILED operation's code and message are the error.
    expect(rejection.message).toMatch(
      /^cluster rt-fail-cluster was created as ([a-v0-9]{20}) but did not become ready: operation \S+ \(TYPE_CREATE_CLUSTER\) for \1 failed: RESOURCE_EXHAUSTED zone out of capacity$/,
    );
    expect(rejection.properties).toMatchObject({
      id: rejection.id,
      state: "STATE_FAILED",
      __provider: "code",
      name: "rt-fail-cluster",
    });
    await call("delete", rejection.id, rejection.properties);
    expect(t.emu.world().clusters[rejection.id]).toBeUndefined();
  });
});

describe("lookups", () => {
  it("read clusters, serverless clusters, operations, role bindings and users", async () => {
    const rg = (await call("create", { _rpType: "ResourceGroup", name: "rt-lookups" })) as {
      id: string;
    };
    const netOp = await t.call("POST", "/v1/networks", {
      network: {
        name: "rt-lookups-net",
        resource_group_id: rg.id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "europe-west1",
        cidr_block: "10.50.0.0/20",
        cluster_type: "TYPE_DEDICATED",
      },
    });
    const op = await getOperation(netOp.body.operation.id);
    expect(op).toMatchObject({
      id: netOp.body.operation.id,
      type: "TYPE_CREATE_NETWORK",
      resourceId: netOp.body.operation.resource_id,
    });
    const cluster = (await call("create", {
      _rpType: "Cluster",
      name: "rt-lookups-c",
      resourceGroupId: rg.id,
      networkId: await waitNetwork(netOp.body.operation.resource_id),
      cloudProvider: "CLOUD_PROVIDER_GCP",
      region: "europe-west1",
      zones: ["europe-west1-b"],
      throughputTier: "tier-2-gcp-v2-x86",
      type: "TYPE_DEDICATED",
      connectionType: "CONNECTION_TYPE_PUBLIC",
    })) as { id: string };
    expect(await getCluster(cluster.id)).toMatchObject({
      id: cluster.id,
      state: "STATE_READY",
      dataplaneApiUrl: `${t.emu.url}/dp/${cluster.id}`,
      throughputTier: "tier-2-gcp-v2-x86",
      schemaRegistryUrl: `${t.emu.url}/sr/${cluster.id}`,
    });
    // By name: exact, not the name_contains filter's substring match.
    expect((await getCluster({ name: "rt-lookups-c" })).id).toBe(cluster.id);
    await expect(getCluster({ name: "rt-lookups" })).rejects.toThrow(
      'no cluster is named "rt-lookups"',
    );
    expect(await getNetwork({ name: "rt-lookups-net" })).toMatchObject({
      id: netOp.body.operation.resource_id,
      cidrBlock: "10.50.0.0/20",
      clusterType: "TYPE_DEDICATED",
      state: "STATE_READY",
    });
    expect(await getResourceGroup({ name: "rt-lookups" })).toEqual({
      id: rg.id,
      name: "rt-lookups",
    });
    expect(await getResourceGroup(rg.id)).toEqual({ id: rg.id, name: "rt-lookups" });
    const sl = (await call("create", {
      _rpType: "ServerlessCluster",
      name: "rt-lookups-sl",
      resourceGroupId: rg.id,
      serverlessRegion: "eu-central-1",
    })) as { id: string };
    expect(await getServerlessCluster(sl.id)).toMatchObject({
      id: sl.id,
      dataplaneApiUrl: `${t.emu.url}/dp/${sl.id}`,
    });
    const sa = (await call("create", {
      _rpType: "ServiceAccount",
      name: "rt-lookups-sa",
      description: "",
    })) as { id: string };
    await call("create", {
      _rpType: "RoleBinding",
      roleName: "Writer",
      accountId: sa.id,
      scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: cluster.id },
    });
    const writers = await getRoleBindings({
      roleName: "Writer",
      scopeResourceType: "SCOPE_RESOURCE_TYPE_CLUSTER",
    });
    expect(writers.map((w) => w.accountId)).toEqual([sa.id]);
    expect(await getUser("d1000000000000000001")).toEqual({
      id: "d1000000000000000001",
      email: "owner@example.com",
      name: "Organization Owner",
    });
  });
});

describe("catalogue lookups", () => {
  it("regions, a region, serverless regions and throughput tiers", async () => {
    const dedicated = await getRegions({
      cloudProvider: "CLOUD_PROVIDER_GCP",
      clusterType: "TYPE_DEDICATED",
    });
    // us-west2 is BYOC-only in the catalogue and no example puts Dedicated there.
    expect(dedicated.map((r) => r.name)).toContain("us-central1");
    expect(dedicated.map((r) => r.name)).not.toContain("us-west2");
    expect(await getRegion({ cloudProvider: "CLOUD_PROVIDER_AWS", name: "us-east-2" })).toEqual({
      cloudProvider: "CLOUD_PROVIDER_AWS",
      name: "us-east-2",
      zones: ["use2-az1", "use2-az2", "use2-az3"],
    });
    const serverless = await getServerlessRegions({ cloudProvider: "CLOUD_PROVIDER_AWS" });
    expect(serverless.map((r) => r.name)).toEqual(
      expect.arrayContaining(["us-east-1", "eu-west-1"]),
    );
    const tiers = getThroughputTiers({
      cloudProvider: "CLOUD_PROVIDER_AWS",
      region: "us-east-2",
      clusterType: "TYPE_DEDICATED",
    }).map((t) => t.name);
    expect(tiers).toContain("tier-1-aws-v3-arm");
    expect(tiers).not.toContain("tier-1-aws-v2-x86"); // BYOC only there
  });
});

async function waitNetwork(id: string): Promise<string> {
  for (;;) {
    const n = await t.call("GET", `/v1/networks/${id}`);
    if (n.body.network.state === "STATE_READY") return id;
    await new Promise((r) => setTimeout(r, 20));
  }
}
