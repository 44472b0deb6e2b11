// The provider plugin's handlers against real emulators: two provider instances configured for two
// emulators keep apart; Read with only an import id (`pulumi import`) finds a topic, a cluster and a
// resource group, and what it answers checks clean and diffs as no change; progress carries the URN.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import type { Json, TestPlugin } from "../../support/plugin";
import { configure, createVia, testPlugin, urnOf } from "../../support/plugin";

let a: TestEmulator;
let b: TestEmulator;
let pa: TestPlugin;
let pb2: TestPlugin;

beforeAll(async () => {
  a = await startTestEmulator();
  b = await startTestEmulator();
  pa = testPlugin();
  pb2 = testPlugin();
  await configure(pa, { apiUrl: a.emu.url, accessToken: TOKEN });
  await configure(pb2, { apiUrl: b.emu.url, accessToken: TOKEN });
});
afterAll(async () => {
  await a.close();
  await b.close();
  expectAllResponsesValid(a, "plugin-instances-a");
  expectAllResponsesValid(b, "plugin-instances-b");
});

const groups = async (t: TestEmulator) =>
  ((await t.call("GET", "/v1/resource-groups")).body.resource_groups as { name: string }[]).map(
    (g) => g.name,
  );

it("two instances, two emulators: each writes only to its own", async () => {
  await Promise.all([
    createVia(pa, "ResourceGroup", "ga", { name: "only-in-a" }),
    createVia(pb2, "ResourceGroup", "gb", { name: "only-in-b" }),
  ]);
  expect(await groups(a)).toContain("only-in-a");
  expect(await groups(a)).not.toContain("only-in-b");
  expect(await groups(b)).toContain("only-in-b");
  expect(await groups(b)).not.toContain("only-in-a");
});

const read = (p: TestPlugin, type: string, id: string) =>
  p.call<pb.ReadRequest, pb.ReadResponse>(
    "read",
    new pb.ReadRequest()
      .setId(id)
      .setUrn(urnOf(type, "imported"))
      .setType(`redpandacloud:index:${type}`),
  );

/** What an import answers: checked against itself clean, and no change against its outputs. */
async function expectStable(p: TestPlugin, type: string, res: pb.ReadResponse): Promise<void> {
  const token = `redpandacloud:index:${type}`;
  const urn = urnOf(type, "imported");
  const checked = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "check",
    new pb.CheckRequest()
      .setUrn(urn)
      .setType(token)
      .setOlds(res.getInputs())
      .setNews(res.getInputs()),
  );
  expect(checked.getFailuresList().map((f) => f.getReason())).toEqual([]);
  const diff = await p.call<pb.DiffRequest, pb.DiffResponse>(
    "diff",
    new pb.DiffRequest()
      .setId(res.getId())
      .setUrn(urn)
      .setType(token)
      .setOlds(res.getProperties())
      .setNews(checked.getInputs()),
  );
  expect(diff.getChanges()).toBe(pb.DiffResponse.DiffChanges.DIFF_NONE);
}

it("imports by id: resource group, cluster, ACL, and a topic by cluster id or by URL", async () => {
  const rg = await createVia(pa, "ResourceGroup", "rg", { name: "import-rg" });
  const net = await createVia(pa, "Network", "net", {
    name: "import-net",
    resourceGroupId: rg.id,
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cidrBlock: "10.92.0.0/20",
    clusterType: "TYPE_DEDICATED",
  });
  pa.logged.length = 0;
  const cluster = await createVia(pa, "Cluster", "c", {
    name: "import-c",
    resourceGroupId: rg.id,
    networkId: net.id,
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    zones: ["use1-az1"],
    throughputTier: "tier-1-aws-v3-arm",
    type: "TYPE_DEDICATED",
  });
  // Progress while waiting goes to the engine for the cluster's row, as ephemeral lines.
  expect(pa.logged.some((l) => l.urn === urnOf("Cluster", "c") && l.ephemeral)).toBe(true);
  const dp = cluster.outs.dataplaneApiUrl as string;
  expect(
    (await a.call("POST", `${dp}/v1/topics`, { name: "oob", partition_count: 4 })).status,
  ).toBeLessThan(300);

  const rgRead = await read(pa, "ResourceGroup", rg.id);
  expect(rgRead.getInputs()!.toJavaScript()).toEqual({ name: "import-rg" });
  await expectStable(pa, "ResourceGroup", rgRead);

  const cRead = await read(pa, "Cluster", cluster.id);
  expect(cRead.getId()).toBe(cluster.id);
  expect(cRead.getInputs()!.toJavaScript()).toMatchObject({
    name: "import-c",
    networkId: net.id,
    region: "us-east-1",
  });
  await expectStable(pa, "Cluster", cRead);

  for (const id of [`${cluster.id}/oob`, `${dp}|oob`]) {
    const tRead = await read(pa, "Topic", id);
    expect(tRead.getId()).toBe("oob");
    const inputs = tRead.getInputs()!.toJavaScript() as Json;
    expect(inputs).toMatchObject({ dataplaneApiUrl: dp, name: "oob", partitionCount: 4 });
    await expectStable(pa, "Topic", tRead);
  }
  const acl = await createVia(pa, "Acl", "acl", {
    dataplaneApiUrl: dp,
    principal: "User:payments",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "oob",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    host: "*",
    operation: "OPERATION_READ",
    permissionType: "PERMISSION_TYPE_ALLOW",
  });
  const aclRead = await read(pa, "Acl", `${cluster.id}/${acl.id}`);
  expect(aclRead.getId()).toBe(acl.id);
  expect(aclRead.getInputs()!.toJavaScript()).toMatchObject({ principal: "User:payments" });
  await expectStable(pa, "Acl", aclRead);

  // A topic that is not there: Read answers no id (the engine says it does not exist).
  expect((await read(pa, "Topic", `${cluster.id}/absent`)).getId()).toBe("");
  // The other instance does not know this cluster.
  await expect(read(pb2, "Topic", `${cluster.id}/oob`)).rejects.toBeDefined();
});
