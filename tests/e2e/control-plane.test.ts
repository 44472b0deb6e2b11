// One stack with ResourceGroup → Network → Dedicated Cluster, a BYOC cluster (agent step through the
// emulator's stand-in rpk), a Serverless cluster, a ServiceAccount and a RoleBinding, driven by the
// real engine: up, up again, update in place, replace, out-of-band delete + refresh, destroy.
import * as path from "node:path";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { REPO_ROOT } from "../support/pulumi";

const RPK = path.join(REPO_ROOT, "emulator", "bin", "rpk");

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");

const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-cp" });
const net = new redpanda.Network("net", {
  name: "e2e-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1",
  cidrBlock: "10.10.0.0/20", clusterType: "TYPE_DEDICATED",
});
const cluster = new redpanda.Cluster("dedicated", {
  name: cfg.get("clusterName") ?? "e2e-dedicated", resourceGroupId: rg.id, networkId: net.id,
  cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", zones: ["us-central1-a", "us-central1-b"],
  throughputTier: "tier-1-gcp-v2-x86", type: "TYPE_DEDICATED",
  timeouts: { create: cfg.get("createTimeout") ?? "90m" },
});
const byocNet = new redpanda.Network("byoc-net", {
  name: "e2e-byoc-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1",
  cidrBlock: "10.20.0.0/20", clusterType: "TYPE_BYOC",
});
const byoc = new redpanda.Cluster("byoc", {
  name: "e2e-byoc", resourceGroupId: rg.id, networkId: byocNet.id, cloudProvider: "CLOUD_PROVIDER_GCP",
  region: "us-central1", zones: ["us-central1-a"], throughputTier: "tier-1-gcp-v2-x86", type: "TYPE_BYOC",
  byoc: { command: ${JSON.stringify(RPK)}, gcpProjectId: "e2e-project" },
});
const serverless = new redpanda.ServerlessCluster("serverless", {
  name: "e2e-serverless", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
});
const sa = new redpanda.ServiceAccount("sa", { name: "e2e-ci", description: cfg.get("saDescription") ?? "CI deployer" });
const rb = new redpanda.RoleBinding("rb", {
  roleName: cfg.get("role") ?? "Writer",
  accountId: sa.id,
  scope: { resourceType: "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP", resourceId: rg.id },
});
exports.dedicatedUrl = cluster.dataplaneApiUrl;
exports.byocState = byoc.state;
exports.serverlessUrl = serverless.dataplaneApiUrl;
exports.serverlessId = serverless.id;
exports.clientId = sa.clientId;
exports.clientSecret = sa.clientSecret;
exports.bindingId = rb.id;
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("cp", program);
});
afterAll(() => s?.disposeChecked("control-plane"));

it("manages the whole control plane through the real engine", async () => {
  const first = await s.stack.up();
  expect(first.changes).toEqual({ create: 8 });
  expect(first.outputs.dedicatedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dp\/[a-v0-9]{20}$/);
  expect(first.outputs.byocState).toBe("STATE_READY");
  expect(first.stdout).toContain("BYOC agent apply");
  // Progress while waiting is shown as it happens but kept out of the Diagnostics at the end,
  // where only what a user needs afterwards stays: the BYOC command that ran.
  const [during, diagnostics] = first.stdout.split("\nDiagnostics:\n");
  expect(during).toMatch(/\[redpanda\] cluster e2e-dedicated \(\w+\): STATE_READY/);
  expect(diagnostics).toContain("BYOC agent apply");
  expect(diagnostics).not.toMatch(/STATE_(IN_PROGRESS|COMPLETED|CREATING|READY) \(/);
  expect(first.outputs.clientSecret).toEqual(expect.any(String));

  expect((await s.stack.up()).changes).toEqual({ same: 8 });

  // Update in place: the cluster name; a timeout change alone is no change at all.
  await s.set("clusterName", "e2e-dedicated-renamed");
  await s.set("createTimeout", "120m");
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: 7 });
  expect(
    Object.values(s.t.emu.world().clusters)
      .map((c) => c.name)
      .sort(),
  ).toEqual(["e2e-byoc", "e2e-dedicated-renamed"]);
  await s.set("saDescription", "CI deployer (rotated)");
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: 7 });

  // Replace: a role binding has no update API.
  const bindingBefore = (await s.stack.stack.outputs()).bindingId?.value;
  await s.set("role", "Admin");
  const replaced = await s.stack.up();
  expect(replaced.changes.replace).toBe(1);
  const bindingAfter = replaced.outputs.bindingId;
  expect(bindingAfter).not.toBe(bindingBefore);
  expect(Object.values(s.t.emu.world().roleBindings).map((rb) => rb.role_name)).toEqual(["Admin"]);

  // A refresh that finds nothing changed leaves the stored inputs exactly as the program gave them
  // (an output such as a cluster's state stored as an input made the next up rewrite the whole
  // checkpoint once per resource).
  const inputsBefore = await s.stack.storedInputs();
  expect((await s.stack.refresh()).changes).toEqual({ same: 8 });
  expect(await s.stack.storedInputs()).toEqual(inputsBefore);

  // Out-of-band delete: refresh drops it, the next up creates it again.
  await s.t.admin(
    "DELETE",
    `/_admin/resources/serverless-clusters/${replaced.outputs.serverlessId}`,
  );
  const refreshed = await s.stack.refresh();
  expect(refreshed.changes.delete).toBe(1);
  const preview = await s.stack.preview();
  expect(preview.changes.create).toBe(1);

  const destroyed = await s.stack.destroy();
  expect(destroyed.changes.delete).toBe(7);
  expect(s.t.emu.inventory()).toEqual({
    resourceGroups: [],
    networks: [],
    clusters: [],
    serverlessClusters: [],
    roleBindings: [],
    serviceAccounts: [],
    groups: [],
    organizationRoles: [],
    userInvites: [],
    networkPeerings: [],
    serverlessPrivateLinks: [],
    shadowLinks: [],
    dataplanes: {},
  });
});
