// The package's policy pack through the real CLI (the pinned build; its Node.js language host runs
// the pack, scripts/pulumi-toolchain.sh) against the emulator, from where a project finds it:
// node_modules/pulumi-redpanda-cloud/policy. One stack per front door, named "prod": a TypeScript
// program on the dynamic providers and a YAML program on the provider plugin, each previewed once
// breaking every rule (the preview fails naming each rule and resource, and nothing reaches the
// emulator but the providers' own read of the region catalogue) and once compliant (the preview
// passes). Thresholds come from a policy config file.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, startTestEmulator } from "../support/emulator";
import { emulatorListing } from "../support/inventory";
import { languageHosts } from "../support/language-hosts";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack, writeTempProject } from "../support/pulumi";

const POLICY_CONFIG = {
  "cluster-approved-tiers": { throughputTiers: ["tier-1-aws-v3-arm"] },
  "cluster-approved-regions": { regions: ["us-east-1"] },
};

/** Every rule but the advisory one, and the resources each reports, for the violating programs. */
const EXPECTED = [
  "advisory user-scram-sha-512 app",
  "mandatory acl-no-all-for-everyone grant",
  "mandatory acl-no-all-on-any-resource grant",
  "mandatory cluster-approved-regions cluster",
  "mandatory cluster-approved-regions net",
  "mandatory cluster-approved-tiers cluster",
  "mandatory cluster-private-connection cluster",
  "mandatory deletion-protection orders",
  "mandatory no-org-admin-binding ops",
  "mandatory topic-cleanup-policy orders",
  "mandatory topic-max-partitions orders",
  "mandatory topic-min-replication-factor orders",
  "mandatory topic-retention-bounds orders",
];

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Nothing reached the emulator but the providers' own placement check at preview (a read of the
 * region catalogue, with or without a policy pack), and it holds nothing.
 */
function expectNothingReached(requests: string[]): void {
  expect(requests.filter((r) => !/^GET \/v1\/regions\//.test(r))).toEqual([]);
  expect(Object.values(emulatorListing(t)).flat()).toEqual([]);
}

/** `pulumi preview` of `stack` under the pack: its exit code, output and the reported violations. */
async function previewWithPack(stack: TestStack, dir: string) {
  const config = path.join(dir, "policy-config.json");
  fs.writeFileSync(config, JSON.stringify(POLICY_CONFIG));
  const pack = path.join(dir, "node_modules", "pulumi-redpanda-cloud", "policy");
  const before = t.records.length;
  const run = stack.startCli(["preview", "--policy-pack", pack, "--policy-pack-config", config]);
  const { code, output } = await run.exited;
  // `- [mandatory]  topic-max-partitions  (pulumi-nodejs:dynamic/redpanda:Topic: orders)`
  const reported = [...output.matchAll(/- \[(\w+)\]\s+(\S+)\s+\(\S+: (\S+)\)/g)].map(
    ([, level, rule, name]) => `${level} ${rule} ${name}`,
  );
  return {
    code,
    output,
    violations: [...new Set(reported)].sort(),
    requests: t.records.slice(before).map((r) => `${r.method} ${r.path}`),
  };
}

describe("a TypeScript program on the dynamic providers", () => {
  const program = `
import * as pulumi from "@pulumi/pulumi";
import * as redpanda from "pulumi-redpanda-cloud";

const violate = new pulumi.Config().getBoolean("violate") ?? false;
const region = violate ? "us-east-2" : "us-east-1";
const rg = new redpanda.ResourceGroup("rg", { name: "policy-dynamic" });
const net = new redpanda.Network("net", {
  name: "policy-dynamic-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS", region,
  cidrBlock: "10.71.0.0/20", clusterType: "TYPE_DEDICATED",
});
const cluster = new redpanda.Cluster("cluster", {
  name: "policy-dynamic", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region, zones: [violate ? "use2-az1" : "use1-az1"], type: "TYPE_DEDICATED",
  throughputTier: violate ? "tier-2-aws-v3-arm" : "tier-1-aws-v3-arm",
  connectionType: violate ? "CONNECTION_TYPE_PUBLIC" : "CONNECTION_TYPE_PRIVATE",
});
const dataplaneApiUrl = cluster.dataplaneApiUrl;
new redpanda.Topic("orders", {
  dataplaneApiUrl, name: "orders", partitionCount: violate ? 500 : 6, replicationFactor: violate ? 1 : 3,
  configs: violate ? { "retention.ms": "-1", "cleanup.policy": "none" } : { "retention.ms": "604800000" },
  ...(violate ? { allowDeletion: true } : {}),
});
const user = new redpanda.User("app", {
  dataplaneApiUrl, name: "app", password: pulumi.secret("app-password-0123"),
  mechanism: violate ? "SASL_MECHANISM_SCRAM_SHA_256" : "SASL_MECHANISM_SCRAM_SHA_512",
});
new redpanda.Acl("grant", {
  dataplaneApiUrl, principal: violate ? "User:*" : pulumi.interpolate\`User:\${user.name}\`,
  resourceType: "RESOURCE_TYPE_TOPIC", resourceName: violate ? "*" : "orders",
  resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
  operation: violate ? "OPERATION_ALL" : "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
});
new redpanda.RoleBinding("ops", {
  roleName: "Admin", accountId: "ops-account",
  scope: violate
    ? { resourceType: "SCOPE_RESOURCE_TYPE_ORGANIZATION" }
    : { resourceType: "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP", resourceId: rg.id },
});
`;
  let dir: string;
  let stack: TestStack;
  beforeAll(async () => {
    const example = path.join(REPO_ROOT, "examples", "gitops");
    dir = writeTempProject("policy-dynamic", {
      "index.ts": program,
      "tsconfig.json": fs.readFileSync(path.join(example, "tsconfig.json"), "utf8"),
      "package.json": JSON.stringify({ name: "policy-dynamic", private: true, main: "index.ts" }),
    });
    stack = await openTestStack({
      workDir: dir,
      stackName: "prod",
      config: {
        "redpanda:apiUrl": t.emu.url,
        "redpanda:accessToken": { value: TOKEN, secret: true },
        // Production keeps its deletion guard: the stack-wide opt-out is off.
        "redpanda:allowDeletion": "false",
        "policy-dynamic:violate": "true",
      },
      // Compiled without type-checking: what is under test is the pack, not the program's types.
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
    });
  });
  afterAll(async () => {
    await stack?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("breaking every rule: the preview fails naming each rule and resource; nothing reaches the emulator", async () => {
    const { code, output, violations, requests } = await previewWithPack(stack, dir);
    expect(code).not.toBe(0);
    expect(violations).toEqual(EXPECTED);
    expect(output).toContain(
      'Topic "orders": replicationFactor is 1, below the minimum 3. Fix: set replicationFactor to 3 or more',
    );
    expect(output).toContain("(pulumi-nodejs:dynamic/redpanda:Topic: orders)");
    expect(output).not.toContain("app-password-0123");
    expectNothingReached(requests);
  });

  it("compliant: the preview passes under the same pack and config", async () => {
    await stack.stack.setConfig("policy-dynamic:violate", { value: "false" });
    const { code, output, violations, requests } = await previewWithPack(stack, dir);
    if (code !== 0) throw new Error(`preview failed:\n${output}`);
    expect(violations).toEqual([]);
    expect(output).toMatch(/redpanda-cloud@v0\.1\.0/);
    expectNothingReached(requests);
  });
});

describe("a YAML program on the provider plugin", () => {
  const LAUNCHER_DIR = path.join(REPO_ROOT, "provider", "plugin", "bin");
  const project = (violate: boolean): Record<string, unknown> => {
    const region = violate ? "us-east-2" : "us-east-1";
    const dp = "${cluster.dataplaneApiUrl}";
    return {
      name: "policy-yaml",
      runtime: "yaml",
      plugins: { providers: [{ name: "redpandacloud", path: LAUNCHER_DIR }] },
      resources: {
        rg: { type: "redpandacloud:index:ResourceGroup", properties: { name: "policy-yaml" } },
        net: {
          type: "redpandacloud:index:Network",
          properties: {
            name: "policy-yaml-net",
            resourceGroupId: "${rg.id}",
            cloudProvider: "CLOUD_PROVIDER_AWS",
            region,
            cidrBlock: "10.72.0.0/20",
            clusterType: "TYPE_DEDICATED",
          },
        },
        cluster: {
          type: "redpandacloud:index:Cluster",
          properties: {
            name: "policy-yaml",
            resourceGroupId: "${rg.id}",
            networkId: "${net.id}",
            cloudProvider: "CLOUD_PROVIDER_AWS",
            region,
            zones: [violate ? "use2-az1" : "use1-az1"],
            throughputTier: violate ? "tier-2-aws-v3-arm" : "tier-1-aws-v3-arm",
            type: "TYPE_DEDICATED",
            connectionType: violate ? "CONNECTION_TYPE_PUBLIC" : "CONNECTION_TYPE_PRIVATE",
          },
        },
        orders: {
          type: "redpandacloud:index:Topic",
          properties: {
            dataplaneApiUrl: dp,
            name: "orders",
            partitionCount: violate ? 500 : 6,
            replicationFactor: violate ? 1 : 3,
            configs: violate
              ? { "retention.ms": "-1", "cleanup.policy": "none" }
              : { "retention.ms": "604800000" },
          },
        },
        app: {
          type: "redpandacloud:index:User",
          properties: {
            dataplaneApiUrl: dp,
            name: "app",
            password: { "fn::secret": "app-password-0123" },
            mechanism: violate ? "SASL_MECHANISM_SCRAM_SHA_256" : "SASL_MECHANISM_SCRAM_SHA_512",
          },
        },
        grant: {
          type: "redpandacloud:index:Acl",
          properties: {
            dataplaneApiUrl: dp,
            principal: violate ? "User:*" : "User:${app.name}",
            resourceType: "RESOURCE_TYPE_TOPIC",
            resourceName: violate ? "*" : "orders",
            resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
            operation: violate ? "OPERATION_ALL" : "OPERATION_READ",
            permissionType: "PERMISSION_TYPE_ALLOW",
          },
        },
        ops: {
          type: "redpandacloud:index:RoleBinding",
          properties: {
            roleName: "Admin",
            accountId: "ops-account",
            scope: violate
              ? { resourceType: "SCOPE_RESOURCE_TYPE_ORGANIZATION" }
              : { resourceType: "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP", resourceId: "${rg.id}" },
          },
        },
      },
    };
  };
  let dir: string;
  let stack: TestStack;
  const write = (violate: boolean) =>
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), stringify(project(violate)));
  beforeAll(async () => {
    const hosts = languageHosts(["yaml"]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-policy-yaml-"));
    // The pack is found where a project installs it; the YAML program itself needs no packages.
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    write(true);
    stack = await openTestStack({
      workDir: dir,
      stackName: "prod",
      config: {
        "redpandacloud:apiUrl": t.emu.url,
        "redpandacloud:accessToken": { value: TOKEN, secret: true },
        // The plugin's stack-wide deletion opt-out, refused in production.
        "redpandacloud:allowDeletion": "true",
      },
      env: hosts.env,
    });
  });
  afterAll(async () => {
    await stack?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("breaking every rule: the same rules fail the preview naming each resource; nothing reaches the emulator", async () => {
    const { code, output, violations, requests } = await previewWithPack(stack, dir);
    expect(code).not.toBe(0);
    // The plugin's deletion opt-out is stack-wide: every resource that holds data is reported.
    expect(violations).toEqual([...EXPECTED, "mandatory deletion-protection cluster"].sort());
    expect(output).toContain("(redpandacloud:index:Topic: orders)");
    expect(output).toContain(
      "the provider's allowDeletion is true, every resource that holds data may be deleted in a protected stack",
    );
    expect(output).not.toContain("app-password-0123");
    expectNothingReached(requests);
  });

  it("compliant: the preview passes", async () => {
    write(false);
    await stack.stack.setConfig("redpandacloud:allowDeletion", { value: "false" });
    const { code, output, violations, requests } = await previewWithPack(stack, dir);
    if (code !== 0) throw new Error(`preview failed:\n${output}`);
    expect(violations).toEqual([]);
    expect(output).toMatch(/redpanda-cloud@v0\.1\.0/);
    expectNothingReached(requests);
  });
});
