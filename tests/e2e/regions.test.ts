// Real users' regions through the real engine: clusters in GCP us-west1 (BYOC: the catalogue offers
// no Dedicated there), AWS us-east-2 (Dedicated, zones use2-az1..3) and Azure westus2 (BYOC), and
// Serverless clusters in us-east-1 and eu-west-1. Then a region the catalogue refuses, at preview:
// Dedicated in GCP us-west2 (BYOC-only on the page; us-west1 would pass, as the vendor's quickstart
// puts a Dedicated cluster there, and that preview passes).
import * as path from "node:path";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { REPO_ROOT } from "../support/pulumi";

const RPK = path.join(REPO_ROOT, "emulator", "bin", "rpk");

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-regions" });
const placements = [
  { key: "gcp", cloudProvider: "CLOUD_PROVIDER_GCP", region: cfg.get("gcpRegion") ?? "us-west1",
    zones: ["us-west1-a", "us-west1-b", "us-west1-c"], throughputTier: "tier-1-gcp-v2-x86",
    type: cfg.get("gcpType") ?? "TYPE_BYOC", byoc: { command: ${JSON.stringify(RPK)}, gcpProjectId: "e2e-project" } },
  { key: "aws", cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-2",
    zones: ["use2-az1", "use2-az2", "use2-az3"], throughputTier: "tier-1-aws-v3-arm", type: "TYPE_DEDICATED" },
  { key: "azure", cloudProvider: "CLOUD_PROVIDER_AZURE", region: "westus2",
    zones: ["westus2-az1", "westus2-az2", "westus2-az3"], throughputTier: "tier-1-azure-v3-x86",
    type: "TYPE_BYOC", byoc: { command: ${JSON.stringify(RPK)}, azureSubscriptionId: "e2e-subscription" } },
];
placements.forEach((p, i) => {
  const net = new redpanda.Network(p.key + "-net", {
    name: "e2e-" + p.key + "-net", resourceGroupId: rg.id, cloudProvider: p.cloudProvider,
    region: p.region, cidrBlock: "10." + (40 + i) + ".0.0/20", clusterType: p.type,
  });
  const cluster = new redpanda.Cluster(p.key, {
    name: "e2e-" + p.key, resourceGroupId: rg.id, networkId: net.id, cloudProvider: p.cloudProvider,
    region: p.region, zones: p.zones, throughputTier: p.throughputTier, type: p.type, byoc: p.byoc,
  });
  exports[p.key + "State"] = cluster.state;
});
for (const region of ["us-east-1", "eu-west-1"]) {
  const sl = new redpanda.ServerlessCluster("sl-" + region, {
    name: "e2e-sl-" + region, resourceGroupId: rg.id, serverlessRegion: region,
  });
  exports["serverless-" + region] = sl.state;
}
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("regions", program);
});
afterAll(() => s?.disposeChecked("regions"));

it("previews, creates, leaves unchanged and destroys clusters in real users' regions", async () => {
  expect((await s.stack.preview()).changes).toEqual({ create: 9 });
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 9 });
  for (const key of [
    "gcpState",
    "awsState",
    "azureState",
    "serverless-us-east-1",
    "serverless-eu-west-1",
  ]) {
    expect(up.outputs[key]).toBe("STATE_READY");
  }
  const regions = Object.values(s.t.emu.world().clusters).map(
    (c) => `${c.cloud_provider} ${c.region}`,
  );
  expect(regions.sort()).toEqual([
    "CLOUD_PROVIDER_AWS us-east-2",
    "CLOUD_PROVIDER_AZURE westus2",
    "CLOUD_PROVIDER_GCP us-west1",
  ]);
  expect((await s.stack.preview()).changes).toEqual({ same: 9 });

  // Neither the catalogue nor any vendor or Terraform example has Dedicated clusters in us-west2:
  // preview says so, naming the alternatives, and nothing is written.
  await s.t.admin("DELETE", "/_admin/requests");
  await s.set("gcpRegion", "us-west2");
  await s.set("gcpType", "TYPE_DEDICATED");
  const refused = await s.stack.preview().then(
    () => "(preview succeeded)",
    (err: Error) => err.message,
  );
  expect(refused).toContain(
    "region us-west2 is not offered for Dedicated clusters on CLOUD_PROVIDER_GCP",
  );
  expect(refused).toContain("us-central1");
  const log = (await s.t.admin("GET", "/_admin/requests")) as { entries: { method: string }[] };
  expect(log.entries.filter((e) => e.method !== "GET")).toEqual([]);
  // Dedicated in us-west1 is the vendor's own quickstart placement (BYOC-only on the page): the
  // preview passes, replacing the GCP network and cluster.
  await s.set("gcpRegion", "us-west1");
  const quickstart = await s.stack.preview();
  expect(quickstart.changes).toMatchObject({ same: 7, replace: 2 });
  await s.set("gcpType", "TYPE_BYOC");

  expect((await s.stack.destroy()).changes).toEqual({ delete: 9 });
  const left = s.t.emu.inventory();
  expect([left.networks, left.clusters, left.serverlessClusters, left.resourceGroups]).toEqual([
    [],
    [],
    [],
    [],
  ]);
});
