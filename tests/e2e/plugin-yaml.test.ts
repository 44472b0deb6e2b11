// The provider plugin through the real CLI, from a YAML program (the language host built by
// scripts/language-hosts.sh, beside the pinned `pulumi`), the plugin installed as a user installs
// it: `pulumi plugin install --file` of the release's archive (support/release.ts), no `plugins:`
// path and no node_modules around the program: a resource group, network, cluster, SCRAM
// user with a secret password, topic and ACL, and a lookup (`fn::invoke`) feeding the cluster's zones;
// plus a resource group through an explicit provider instance pointing at a second emulator.
// up → no-change preview → an in-place update → refresh → `pulumi import` of a topic made out of
// band (then no changes) → `pulumi import` of a cluster made out of band through the control-plane
// API, its generated YAML added to the program (then no changes) → the same for a role binding (its
// scope, an enum inside an object, read back: YAML code is generated) → a preview with one bad
// input, refused naming the property → destroy; the password never in plaintext in the backend.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import type { TestEmulator } from "../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  operationDone,
  startTestEmulator,
} from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import { runProcess } from "../support/process";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack } from "../support/pulumi";
import type { Release } from "../support/release";
import { installPlugin, release } from "../support/release";

const PASSWORD = "yaml-plugin-password-7d1f";

function project(retention: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  // A second, explicit provider instance pointing at the second emulator: its own config.
  const second = {
    other: {
      type: "pulumi:providers:redpandacloud",
      properties: { apiUrl: b.emu.url, accessToken: { "fn::secret": TOKEN } },
    },
    groupElsewhere: {
      type: "redpandacloud:index:ResourceGroup",
      properties: { name: "yaml-plugin-second" },
      options: { provider: "${other}" },
    },
  };
  const dp = "${cluster.dataplaneApiUrl}";
  return {
    name: "plugin-yaml",
    runtime: "yaml",
    config: { userPassword: { type: "string" } },
    variables: {
      region: {
        "fn::invoke": {
          function: "redpandacloud:index:getRegion",
          arguments: { cloudProvider: "CLOUD_PROVIDER_AWS", name: "us-east-1" },
        },
      },
    },
    resources: {
      group: { type: "redpandacloud:index:ResourceGroup", properties: { name: "yaml-plugin" } },
      network: {
        type: "redpandacloud:index:Network",
        properties: {
          name: "yaml-plugin-net",
          resourceGroupId: "${group.id}",
          cloudProvider: "CLOUD_PROVIDER_AWS",
          region: "us-east-1",
          cidrBlock: "10.91.0.0/20",
          clusterType: "TYPE_DEDICATED",
        },
      },
      cluster: {
        type: "redpandacloud:index:Cluster",
        properties: {
          name: "yaml-plugin-cluster",
          resourceGroupId: "${group.id}",
          networkId: "${network.id}",
          cloudProvider: "CLOUD_PROVIDER_AWS",
          region: "us-east-1",
          zones: ["${region.zones[0]}"],
          throughputTier: "tier-1-aws-v3-arm",
          type: "TYPE_DEDICATED",
        },
      },
      user: {
        type: "redpandacloud:index:User",
        properties: { dataplaneApiUrl: dp, name: "payments", password: "${userPassword}" },
      },
      topic: {
        type: "redpandacloud:index:Topic",
        properties: {
          dataplaneApiUrl: dp,
          name: "payments",
          partitionCount: 3,
          configs: { "retention.ms": retention },
        },
      },
      acl: {
        type: "redpandacloud:index:Acl",
        properties: {
          dataplaneApiUrl: dp,
          principal: "User:${user.name}",
          resourceType: "RESOURCE_TYPE_TOPIC",
          resourceName: "${topic.name}",
          resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
          operation: "OPERATION_READ",
          permissionType: "PERMISSION_TYPE_ALLOW",
        },
      },
      ...second,
      ...extra,
    },
    outputs: {
      clusterId: "${cluster.id}",
      dataplaneApiUrl: "${cluster.dataplaneApiUrl}",
      zone: "${region.zones[0]}",
    },
  };
}

let t: TestEmulator;
let b: TestEmulator;
let stack: TestStack;
let dir: string;
let rel: Release;
const write = (p: Record<string, unknown>) =>
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), stringify(p));

beforeAll(async () => {
  // The YAML language host beside the pinned `pulumi` (built once, cached outside the repo).
  const hosts = languageHosts(["yaml"]);
  rel = await release(["plugin"]);
  t = await startTestEmulator();
  b = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-plugin-yaml-"));
  write(project("86400000"));
  stack = await openTestStack({
    workDir: dir,
    config: {
      "redpandacloud:apiUrl": t.emu.url,
      "redpandacloud:accessToken": { value: TOKEN, secret: true },
      "redpandacloud:allowDeletion": "true",
      "plugin-yaml:userPassword": { value: PASSWORD, secret: true },
    },
    env: hosts.env,
  });
  await installPlugin(rel, stack.cliEnv);
});

afterAll(async () => {
  try {
    await stack?.dispose();
  } finally {
    await t?.close();
    await b?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
  expectAllResponsesValid(t, "plugin-yaml");
  expectAllResponsesValid(b, "plugin-yaml-second");
});

it("runs the installed release plugin: nothing of the repository in the program's folder", async () => {
  // Pulumi.yaml and the stack's config file, and no node_modules.
  const files = fs.readdirSync(dir);
  expect(files.filter((f) => !/^Pulumi\.[\w-]+\.yaml$/.test(f))).toEqual(["Pulumi.yaml"]);
  for (const file of files) {
    expect(fs.readFileSync(path.join(dir, file), "utf8")).not.toContain(REPO_ROOT);
  }
  const listed = await runProcess("pulumi", ["plugin", "ls", "--json"], {
    cwd: dir,
    env: stack.cliEnv,
  });
  expect(JSON.parse(listed.output)).toContainEqual(
    expect.objectContaining({ name: "redpandacloud", kind: "resource", version: rel.version }),
  );
});

it("up, no-change preview, in-place update, refresh, import, destroy", async () => {
  const first = await stack.up();
  expect(first.changes).toEqual({ create: 7 });
  const names = async (e: TestEmulator) =>
    ((await e.call("GET", "/v1/resource-groups")).body.resource_groups as { name: string }[]).map(
      (g) => g.name,
    );
  expect(await names(t)).toEqual(["yaml-plugin"]);
  expect(await names(b)).toEqual(["yaml-plugin-second"]);
  const clusterId = first.outputs.clusterId as string;
  const dpUrl = first.outputs.dataplaneApiUrl as string;
  expect(first.outputs.zone).toBe("use1-az1");
  expect((await t.call("GET", `/v1/clusters/${clusterId}`)).body.cluster.name).toBe(
    "yaml-plugin-cluster",
  );
  const listed = (await t.call("GET", `${dpUrl}/v1/acls`)).body.resources as {
    resource_name: string;
    acls: { principal: string }[];
  }[];
  expect(listed.flatMap((r) => r.acls.map((a) => `${r.resource_name} ${a.principal}`))).toEqual([
    "payments User:payments",
  ]);

  expect((await stack.preview()).changes).toEqual({ same: 7 });

  write(project("172800000"));
  const updated = await stack.up();
  expect(updated.changes).toEqual({ update: 1, same: 6 });
  const configs = (await t.call("GET", `${dpUrl}/v1/topics/payments/configurations`)).body
    .configurations as { name: string; value: string }[];
  expect(configs.find((c) => c.name === "retention.ms")?.value).toBe("172800000");

  const refreshed = await stack.refresh();
  expect([refreshed.changes.update, refreshed.changes.delete]).toEqual([undefined, undefined]);

  // No plaintext password or token anywhere in the backend (state, history, backups).
  expect(stack.findInBackend([PASSWORD, TOKEN])).toEqual([]);

  // A topic made out of band, imported by its documented id, then the program holds it unchanged.
  expect(
    (await t.call("POST", `${dpUrl}/v1/topics`, { name: "made-elsewhere", partition_count: 2 }))
      .status,
  ).toBeLessThan(300);
  const out = path.join(dir, "imported.yaml");
  const imp = stack.startCli([
    "import",
    "redpandacloud:index:Topic",
    "elsewhere",
    `${clusterId}/made-elsewhere`,
    "--yes",
    "--protect=false",
    "--out",
    out,
  ]);
  const { code, output } = await imp.exited;
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("elsewhere") });
  const generated = parse(fs.readFileSync(out, "utf8")) as {
    resources: Record<string, { properties: Record<string, unknown> }>;
  };
  expect(generated.resources.elsewhere!.properties).toMatchObject({
    dataplaneApiUrl: dpUrl,
    name: "made-elsewhere",
    partitionCount: 2,
  });
  write(project("172800000", generated.resources));
  expect((await stack.preview()).changes).toEqual({ same: 8 });

  // A cluster made out of band (its own resource group and network, with the test's token),
  // waited on until READY, imported by its id; the CLI's generated YAML added to the program.
  const oobCluster = await clusterMadeElsewhere();
  const clusterOut = path.join(dir, "imported-cluster.yaml");
  const cimp = stack.startCli([
    "import",
    "redpandacloud:index:Cluster",
    "clusterElsewhere",
    oobCluster,
    "--yes",
    "--protect=false",
    "--out",
    clusterOut,
  ]);
  const cres = await cimp.exited;
  expect({ code: cres.code, output: cres.output }).toEqual({
    code: 0,
    output: expect.stringContaining("clusterElsewhere"),
  });
  const generatedCluster = parse(fs.readFileSync(clusterOut, "utf8")) as {
    resources: Record<string, { properties: Record<string, unknown> }>;
  };
  expect(generatedCluster.resources.clusterElsewhere!.properties).toMatchObject({
    name: "made-elsewhere",
    region: "us-east-1",
    zones: ["use1-az1"],
    type: "TYPE_DEDICATED",
  });
  write(project("172800000", { ...generated.resources, ...generatedCluster.resources }));
  expect((await stack.preview()).changes).toEqual({ same: 9 });

  // A role binding made out of band (a group's Reader role on that cluster), imported by its id:
  // the import reads its scope back, so the CLI generates its YAML and it previews unchanged.
  const { bindingId, groupId } = await roleBindingMadeElsewhere(oobCluster);
  const bindingOut = path.join(dir, "imported-binding.yaml");
  const bimp = stack.startCli([
    "import",
    "redpandacloud:index:RoleBinding",
    "bindingElsewhere",
    bindingId,
    "--yes",
    "--protect=false",
    "--out",
    bindingOut,
  ]);
  const bres = await bimp.exited;
  expect({ code: bres.code, output: bres.output }).toEqual({
    code: 0,
    output: expect.stringContaining("bindingElsewhere"),
  });
  expect(bres.output).not.toContain("is required");
  const generatedBinding = parse(fs.readFileSync(bindingOut, "utf8")) as {
    resources: Record<string, { properties: Record<string, unknown> }>;
  };
  expect(generatedBinding.resources.bindingElsewhere!.properties).toEqual({
    roleName: "Reader",
    accountId: groupId,
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: oobCluster },
  });
  const imported = {
    ...generated.resources,
    ...generatedCluster.resources,
    ...generatedBinding.resources,
  };
  write(project("172800000", imported));
  expect((await stack.preview()).changes).toEqual({ same: 10 });

  // One bad input through the plugin from YAML: preview refuses it naming the property, no write.
  const writes = async () =>
    (
      (await t.admin("GET", "/_admin/requests")) as { entries: { method: string }[] }
    ).entries.filter((e) => e.method !== "GET").length;
  const writesBefore = await writes();
  write(
    project("172800000", {
      ...imported,
      badTopic: {
        type: "redpandacloud:index:Topic",
        properties: { dataplaneApiUrl: dpUrl, name: "bad-topic", partitionCount: 0 },
      },
    }),
  );
  const refusal = await stack.preview().then(
    () => "(preview succeeded)",
    (err: Error) => String(err.message),
  );
  const problem = refusal.split("\n").find((l) => l.includes("has a problem")) ?? "";
  expect(problem).toContain("badTopic");
  expect(problem).toContain("has a problem");
  expect(problem).toContain("partitionCount");
  expect(await writes()).toBe(writesBefore);
  write(project("172800000", imported));

  // The imported cluster and role binding are the stack's now: destroy deletes them too.
  expect((await stack.destroy()).changes).toEqual({ delete: 10 });
  expect((await t.call("GET", `/v1/role-bindings/${bindingId}`)).status).toBe(404);
  expect(await names(b)).toEqual([]);
  expect((await t.call("GET", `/v1/clusters/${clusterId}`)).status).toBe(404);
  expect((await t.call("GET", `/v1/clusters/${oobCluster}`)).status).toBe(404);
});

/** A Dedicated cluster in its own resource group and network, made through the API: its id, READY. */
async function clusterMadeElsewhere(): Promise<string> {
  const rg = await t.call("POST", "/v1/resource-groups", {
    resource_group: { name: "made-elsewhere" },
  });
  expect(rg.status).toBeLessThan(300);
  const net = await t.call("POST", "/v1/networks", {
    network: {
      name: "made-elsewhere-net",
      resource_group_id: rg.body.resource_group.id,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      cluster_type: "TYPE_DEDICATED",
      cidr_block: "10.93.0.0/20",
    },
  });
  expect((await operationDone(t, net.body.operation.id)).state).toBe("STATE_COMPLETED");
  const op = await t.call("POST", "/v1/clusters", {
    cluster: {
      name: "made-elsewhere",
      resource_group_id: rg.body.resource_group.id,
      network_id: net.body.operation.resource_id,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      zones: ["use1-az1"],
      throughput_tier: "tier-1-aws-v3-arm",
      type: "TYPE_DEDICATED",
    },
  });
  expect(op.status).toBeLessThan(300);
  await operationDone(t, op.body.operation.id);
  const id = op.body.operation.resource_id as string;
  await eventually(async () => {
    const c = (await t.call("GET", `/v1/clusters/${id}`)).body.cluster;
    return c.state === "STATE_READY";
  });
  return id;
}

/** A group's Reader role on `clusterId`, granted through the API: the binding's and group's ids. */
async function roleBindingMadeElsewhere(
  clusterId: string,
): Promise<{ bindingId: string; groupId: string }> {
  const group = await t.call("POST", "/v1/groups", { group: { name: "made-elsewhere-readers" } });
  expect(group.status).toBeLessThan(300);
  const groupId = group.body.group.id as string;
  const binding = await t.call("POST", "/v1/role-bindings", {
    role_binding: {
      role_name: "Reader",
      account_id: groupId,
      scope: { resource_type: "SCOPE_RESOURCE_TYPE_CLUSTER", resource_id: clusterId },
    },
  });
  expect(binding.status).toBeLessThan(300);
  return { bindingId: binding.body.role_binding.id as string, groupId };
}
