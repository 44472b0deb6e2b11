// Two promises about state: existing resources of every kind can be brought under management
// (Pulumi's `import` does not work for dynamic providers, pulumi#16175, so `adoptId` does it), and
// state written by an older shim still refreshes and deletes with the installed package.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Deployment } from "@pulumi/pulumi/automation";
import { v1 } from "../../provider/runtime-entry";
import { SHIM_SOURCE } from "../../provider/runtime/shim";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { configureRuntime } from "../support/emulator";

type Props = Record<string, unknown>;
const create = async (props: Props) => ((await v1("create", [props])) as { id: string }).id;

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const ids = JSON.parse(new pulumi.Config("e2e").require("ids"));
const rg = new redpanda.ResourceGroup("rg", { name: "adopt-rg", adoptId: ids.rg });
const net = new redpanda.Network("net", { name: "adopt-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", cidrBlock: "10.60.0.0/20", clusterType: "TYPE_DEDICATED", adoptId: ids.net });
const cluster = new redpanda.Cluster("cluster", { name: "adopt-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", zones: ["us-central1-a"], throughputTier: "tier-1-gcp-v2-x86", type: "TYPE_DEDICATED", adoptId: ids.cluster });
const sl = new redpanda.ServerlessCluster("sl", { name: "adopt-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1", adoptId: ids.sl });
const sa = new redpanda.ServiceAccount("sa", { name: "adopt-sa", adoptId: ids.sa });
new redpanda.RoleBinding("rb", { roleName: "Reader", accountId: sa.id, scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: cluster.id }, adoptId: ids.rb });
const url = cluster.dataplaneApiUrl;
new redpanda.Topic("topic", { dataplaneApiUrl: url, name: "adopt-topic", partitionCount: 2, adoptId: ids.topic });
new redpanda.User("user", { dataplaneApiUrl: url, name: "adopt-user", password: "adopted-password", adoptId: ids.user });
new redpanda.Acl("acl", { dataplaneApiUrl: url, principal: "User:adopt-user", resourceType: "RESOURCE_TYPE_TOPIC", resourceName: "adopt-topic", resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL", operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW" });
const secret = new redpanda.ConnectorSecret("secret", { dataplaneApiUrl: url, name: "adopt-sink", secretData: { k: "v2" }, adoptId: ids.secret });
new redpanda.Connector("connector", { dataplaneApiUrl: url, name: "adopt-sink", config: { "connector.class": "io.example.Sink", key: secret.ref("k") }, adoptId: ids.connector });
new redpanda.Pipeline("pipeline", { dataplaneApiUrl: sl.dataplaneApiUrl, displayName: "adopt-pipeline", configYaml: "input: {}", state: "stopped", adoptId: ids.pipeline });
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("adopt", program);
  await configureRuntime(s.t);
});
afterAll(() => s?.dispose());

function counts(): Record<string, number> {
  const w = s.t.emu.world();
  const dps = Object.values(w.dataplanes);
  return {
    resourceGroups: Object.keys(w.resourceGroups).length,
    networks: Object.keys(w.networks).length,
    clusters: Object.keys(w.clusters).length,
    serverless: Object.keys(w.serverless).length,
    serviceAccounts: Object.keys(w.serviceAccounts).length,
    roleBindings: Object.keys(w.roleBindings).length,
    topics: dps.reduce((n, d) => n + Object.keys(d.topics).length, 0),
    users: dps.reduce((n, d) => n + Object.keys(d.users).length, 0),
    acls: dps.reduce((n, d) => n + d.acls.length, 0),
    secrets: dps.reduce((n, d) => n + Object.keys(d.connectSecrets).length, 0),
    connectors: dps.reduce((n, d) => n + Object.keys(d.connectors).length, 0),
    pipelines: dps.reduce((n, d) => n + Object.keys(d.pipelines).length, 0),
  };
}

it("adopts an existing resource of every kind, then manages and deletes it", async () => {
  // Made outside Pulumi (through the API), as a console user would.
  const rg = await create({ _rpType: "ResourceGroup", name: "adopt-rg" });
  const net = await create({
    _rpType: "Network",
    name: "adopt-net",
    resourceGroupId: rg,
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    cidrBlock: "10.60.0.0/20",
    clusterType: "TYPE_DEDICATED",
  });
  const cluster = await create({
    _rpType: "Cluster",
    name: "adopt-cluster",
    resourceGroupId: rg,
    networkId: net,
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    zones: ["us-central1-a"],
    throughputTier: "tier-1-gcp-v2-x86",
    type: "TYPE_DEDICATED",
    connectionType: "CONNECTION_TYPE_PUBLIC",
  });
  const sl = await create({
    _rpType: "ServerlessCluster",
    name: "adopt-sl",
    resourceGroupId: rg,
    serverlessRegion: "us-east-1",
  });
  const sa = await create({ _rpType: "ServiceAccount", name: "adopt-sa", description: "" });
  const rb = await create({
    _rpType: "RoleBinding",
    roleName: "Reader",
    accountId: sa,
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: cluster },
  });
  const url = `${s.t.emu.url}/dp/${cluster}`;
  await create({
    _rpType: "Topic",
    dataplaneApiUrl: url,
    name: "adopt-topic",
    partitionCount: 1,
    configs: {},
  });
  await create({
    _rpType: "User",
    dataplaneApiUrl: url,
    name: "adopt-user",
    password: "old-password",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
  await create({
    _rpType: "Acl",
    dataplaneApiUrl: url,
    principal: "User:adopt-user",
    host: "*",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "adopt-topic",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ",
    permissionType: "PERMISSION_TYPE_ALLOW",
  });
  const secret = await create({
    _rpType: "ConnectorSecret",
    dataplaneApiUrl: url,
    name: "adopt-sink",
    secretData: { k: "v1" },
    connectClusterName: "redpanda",
  });
  await create({
    _rpType: "Connector",
    dataplaneApiUrl: url,
    name: "adopt-sink",
    config: { "connector.class": "io.example.Sink" },
    connectClusterName: "redpanda",
    restartIncludeTasks: true,
    restartOnlyFailed: false,
  });
  const pipeline = await create({
    _rpType: "Pipeline",
    dataplaneApiUrl: `${s.t.emu.url}/dp/${sl}`,
    displayName: "adopt-pipeline",
    description: "",
    configYaml: "input: {}",
    state: "stopped",
  });
  const before = counts();
  expect(Object.values(before).every((n) => n === 1)).toBe(true);

  await s.set(
    "ids",
    JSON.stringify({
      rg,
      net,
      cluster,
      sl,
      sa,
      rb,
      secret,
      pipeline,
      topic: "adopt-topic",
      user: "adopt-user",
      connector: "adopt-sink",
    }),
  );
  const adopted = await s.stack.up();
  expect(adopted.changes).toEqual({ create: 12 });
  expect(counts()).toEqual(before); // nothing created twice
  const dp = s.t.emu.world().dataplanes[cluster];
  expect(dp?.topics["adopt-topic"]?.partition_count).toBe(2); // declared state applied on adoption
  expect(dp?.users["adopt-user"]?.password).toBe("adopted-password");
  expect((await s.stack.up()).changes).toEqual({ same: 12 });

  await s.stack.destroy();
  expect(Object.values(counts()).every((n) => n === 0)).toBe(true);
});

it("refreshes and destroys state written by an older shim", async () => {
  await s.set("ids", JSON.stringify({}));
  const up = await s.stack.up();
  expect(up.changes.create).toBe(12);
  // The seven-method shim the first builds of this package serialized (protocol v1), exactly as
  // it sat in their states: it must keep working with the installed package.
  const v1Shim = fs.readFileSync(
    path.join(__dirname, "..", "support", "fixtures", "shim-v1.js.txt"),
    "utf8",
  );
  const deployment: Deployment = await s.stack.stack.exportStack();
  const state = deployment.deployment as { resources: { inputs?: Props; outputs?: Props }[] };
  let rewritten = 0;
  for (const r of state.resources) {
    for (const bag of [r.inputs, r.outputs]) {
      if (bag && typeof bag.__provider === "string") {
        expect(bag.__provider).toBe(SHIM_SOURCE);
        bag.__provider = v1Shim;
        rewritten += 1;
      }
    }
  }
  expect(rewritten).toBe(24);
  await s.stack.stack.importStack(deployment);
  const refreshed = await s.stack.refresh();
  expect(refreshed.changes.delete ?? 0).toBe(0);
  await s.stack.destroy();
  expect(Object.values(counts()).every((n) => n === 0)).toBe(true);
});
