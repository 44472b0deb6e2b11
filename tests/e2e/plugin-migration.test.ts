// A stack of dynamic resources (resource group, network, cluster, topic, user) moves to the
// provider plugin's resources with the documented steps (docs/plugin-migration.md): the import
// file and state commands of provider/migrate, `pulumi import --file`, `pulumi state delete`;
// nothing in the emulator is created, replaced or deleted on the way, and the rewritten program's
// preview replaces nothing (one in-place update: the user's password, which the API never returns).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as fs from "node:fs";
import * as path from "node:path";
import type { StackExport } from "../../provider/migrate/plan";
import { planMigration } from "../../provider/migrate/plan";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";
import { languageHosts } from "../support/language-hosts";
import { REPO_ROOT } from "../support/pulumi";
import { TOKEN } from "../support/emulator";

const program = `
const redpanda = require("pulumi-redpanda-cloud");
${dedicatedCluster("e2e-mig", "10.61.0.0/20")}
const url = cluster.dataplaneApiUrl;
const topic = new redpanda.Topic("orders-topic", { dataplaneApiUrl: url, name: "orders", partitionCount: 3 });
const user = new redpanda.User("app-user", { dataplaneApiUrl: url, name: "app", password: "first-password" });
exports.clusterId = cluster.id;
exports.url = url;
`;

/** The same stack as a YAML program of the plugin's resources: what a migrated user writes. */
const pluginProgram = (name: string) => `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: redpandacloud
      path: ${path.join(REPO_ROOT, "provider", "plugin", "bin")}
resources:
  rg:
    type: redpandacloud:index:ResourceGroup
    properties: { name: e2e-mig }
  net:
    type: redpandacloud:index:Network
    properties:
      name: e2e-mig-net
      resourceGroupId: \${rg.id}
      cloudProvider: CLOUD_PROVIDER_AWS
      region: us-east-1
      cidrBlock: 10.61.0.0/20
      clusterType: TYPE_DEDICATED
  cluster:
    type: redpandacloud:index:Cluster
    properties:
      name: e2e-mig-cluster
      resourceGroupId: \${rg.id}
      networkId: \${net.id}
      cloudProvider: CLOUD_PROVIDER_AWS
      region: us-east-1
      zones: [use1-az1]
      throughputTier: tier-1-aws-v3-arm
      type: TYPE_DEDICATED
  orders-topic:
    type: redpandacloud:index:Topic
    properties:
      dataplaneApiUrl: \${cluster.dataplaneApiUrl}
      name: orders
      partitionCount: 3
  app-user:
    type: redpandacloud:index:User
    properties:
      dataplaneApiUrl: \${cluster.dataplaneApiUrl}
      name: app
      password: { fn::secret: first-password }
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("mig", program);
  // Data-holding kinds protected, as in a user's stack (the deletion guard's default).
  await s.stack.stack.removeConfig("redpanda:allowDeletion");
});
afterAll(() => s?.disposeChecked("plugin-migration"));

/**
 * Runs one printed command as a user would, with the scenario's CLI environment; asynchronously,
 * because the emulator answers from this process.
 */
async function sh(command: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("bash", ["-c", command], {
      cwd: s.dir,
      env: { ...process.env, ...s.stack.cliEnv },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    e.message = `${e.message}\n--- stdout ---\n${e.stdout ?? ""}\n--- stderr ---\n${e.stderr ?? ""}`;
    throw e;
  }
}

it("moves a dynamic stack to the plugin's resources with no replacement", async () => {
  const first = await s.stack.up();
  expect(first.changes).toEqual({ create: 5 });
  const clusterId = first.outputs.clusterId as string;
  const world = () => s.t.emu.world();
  const before = JSON.stringify([world().clusters, world().dataplanes[clusterId]]);

  const deployment = () => s.stack.exportState() as Promise<StackExport["deployment"]>;
  const plan = planMigration({ deployment: await deployment() }, { stack: s.stack.stackName });
  // Topic and User depend on the cluster only: the engine writes them in either order.
  expect(plan.moved.map((m) => `${m.kind}${m.protect ? " (protected)" : ""}`).sort()).toEqual([
    "Cluster (protected)",
    "Network",
    "ResourceGroup",
    "Topic (protected)",
    "User",
  ]);

  const url = first.outputs.url as string;
  expect(plan.importFile.resources.find((r) => r.name === "ordersTopic")?.id).toBe(`${url}|orders`);

  // Import under the plugin's types (the CLI finds the plugin through Pulumi.yaml), then drop the
  // dynamic entries, as docs/plugin-migration.md says.
  languageHosts(["yaml"]);
  fs.appendFileSync(
    path.join(s.dir, "Pulumi.yaml"),
    pluginProgram("mig").split("\n").slice(2, 6).join("\n") + "\n",
  );
  await s.stack.stack.setConfig("redpandacloud:apiUrl", { value: s.t.emu.url, secret: false });
  await s.stack.stack.setConfig("redpandacloud:accessToken", { value: TOKEN, secret: true });
  const importFile = path.join(s.dir, "redpandacloud-import.json");
  fs.writeFileSync(importFile, JSON.stringify(plan.importFile));
  await sh(
    `pulumi import --file ${importFile} --protect=false --generate-code=false --yes ` +
      `--non-interactive --stack ${s.stack.stackName}`,
  );
  for (const command of plan.deleteCommands) await sh(command);
  expect(
    ((await deployment())?.resources ?? []).map((r) => r.type).filter((t) => t.includes("dynamic")),
  ).toEqual([]);
  // Importing and dropping state entries made no change through the API.
  expect(JSON.stringify([world().clusters, world().dataplanes[clusterId]])).toBe(before);

  // The program rewritten with the plugin's resources: nothing to create, replace or update.
  fs.writeFileSync(path.join(s.dir, "Pulumi.yaml"), pluginProgram("mig"));
  fs.rmSync(path.join(s.dir, "index.js"));
  // Nothing to create, replace or delete. The user's password is the one update: the API never
  // returns a password, so the import holds none and the program's sets it in place
  // (docs/plugin.md, docs/plugin-migration.md).
  const preview = await s.stack.preview();
  expect(preview.changes).toEqual({ same: 4, update: 1 });
  expect(preview.stdout).toMatch(/redpandacloud:index:User\s+app-user\s+update/);
});
