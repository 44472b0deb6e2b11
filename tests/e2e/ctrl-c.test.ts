// Ctrl-C through the plugin (docs/reliability.md, "Ctrl-C"): a YAML program on the installed
// release plugin, the emulator's transitions slowed so each wait is long, and SIGINT sent to the
// CLI's process group as a terminal sends it, during the create wait of a Network, a Cluster, a
// ServerlessCluster and a Pipeline, during a Cluster's update wait and its delete wait. Each time:
// the CLI exits within 10 s, the next plain `pulumi up` (or `destroy`) resumes the same object —
// exactly one of that name — and a no-change preview follows. Then a second Ctrl-C, which ends the
// CLI at once, and the documented recovery. (The dynamic providers' Ctrl-C and SIGKILL are
// tests/e2e/interrupted.test.ts.)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, eventually, expectAllResponsesValid, startTestEmulator } from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import type { RunningProcess } from "../support/process";
import type { TestStack } from "../support/pulumi";
import { openTestStack } from "../support/pulumi";
import { installPlugin, release } from "../support/release";

/** The duration factor that makes a wait long (a Cluster's create 32 s, a Network's 12 s). */
const SLOW = 4;
/** The factor everything else runs at. */
const FAST = 0.02;
/** How long the CLI may take to exit after Ctrl-C. */
const EXIT_WITHIN_MS = 10_000;

let t: TestEmulator;
let stack: TestStack;
let dir: string;
const measured: Record<string, number> = {};

const group = { type: "redpandacloud:index:ResourceGroup", properties: { name: "ctrl-c" } };
const network = {
  type: "redpandacloud:index:Network",
  properties: {
    name: "ctrl-c-net",
    resourceGroupId: "${group.id}",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cidrBlock: "10.97.0.0/20",
    clusterType: "TYPE_DEDICATED",
  },
};
const cluster = (team: string) => ({
  type: "redpandacloud:index:Cluster",
  properties: {
    name: "ctrl-c-cluster",
    resourceGroupId: "${group.id}",
    networkId: "${network.id}",
    cloudProvider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    zones: ["use1-az2"],
    type: "TYPE_DEDICATED",
    connectionType: "CONNECTION_TYPE_PUBLIC",
    throughputTier: "tier-1-aws-v3-arm",
    cloudProviderTags: { team },
  },
});
const serverless = {
  type: "redpandacloud:index:ServerlessCluster",
  properties: {
    name: "ctrl-c-serverless",
    resourceGroupId: "${group.id}",
    serverlessRegion: "us-east-1",
  },
};
const pipeline = {
  type: "redpandacloud:index:Pipeline",
  properties: {
    dataplaneApiUrl: "${cluster.dataplaneApiUrl}",
    displayName: "ctrl-c-pipeline",
    configYaml: "input:\n  generate:\n    mapping: 'root = {}'\noutput:\n  drop: {}\n",
    state: "running",
  },
};

function write(resources: Record<string, unknown>): void {
  const program = { name: "ctrl-c", runtime: "yaml", resources };
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), stringify(program));
}

async function speed(value: number): Promise<void> {
  await t.admin("POST", "/_admin/speed", { speed: value });
}

/** Runs `pulumi <args>` to its end; its output, or an error with it. */
async function run(args: string[]): Promise<string> {
  const cli = stack.startCli(args, { detached: true });
  const { code } = await cli.exited;
  if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${cli.output()}`);
  return cli.output();
}

/**
 * Starts `pulumi <args>` with the emulator slowed, sends Ctrl-C to its process group once
 * `waiting` holds, and says how long the CLI took to exit; transitions run fast again after.
 */
async function interrupt(
  what: string,
  args: string[],
  waiting: () => boolean | Promise<boolean>,
  signals = 1,
): Promise<{ cli: RunningProcess; exitMs: number }> {
  await speed(SLOW);
  const cli = stack.startCli(args, { detached: true });
  try {
    await eventually(async () => (await waiting()) || undefined, 120_000);
  } catch (err) {
    throw new Error(`${what}: the wait never began:\n${cli.output()}\n${String(err)}`);
  }
  const at = Date.now();
  // A second Ctrl-C follows the first at once, as a user pressing twice does: the first may
  // already have ended everything (then there is nothing left to signal).
  for (let i = 0; i < signals; i++) {
    try {
      process.kill(-cli.pid, "SIGINT");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
    }
  }
  await cli.exited;
  const exitMs = Date.now() - at;
  measured[what] = exitMs;
  await speed(FAST);
  return { cli, exitMs };
}

/** The plugin processes whose working directory is `folder`. */
async function pluginsIn(folder: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of (await fs.promises.readdir("/proc")).filter((p) => /^\d+$/.test(p))) {
    const cwd = await fs.promises.readlink(`/proc/${pid}/cwd`).catch(() => "");
    if (cwd !== folder) continue;
    const cmd = await fs.promises.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (/redpandacloud/.test(cmd)) found.push(Number(pid));
  }
  return found;
}

const world = () => t.emu.world();
const named = <T extends { name: string }>(records: Record<string, T> | undefined, name: string) =>
  Object.values(records ?? {}).filter((r) => r.name === name);

async function expectNoChanges(): Promise<void> {
  const preview = await run(["preview", "--expect-no-changes", "--diff"]);
  expect(preview).not.toMatch(/error/i);
}

beforeAll(async () => {
  const hosts = languageHosts(["yaml"]);
  const rel = await release(["plugin"]);
  t = await startTestEmulator({ speed: FAST });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-ctrl-c-"));
  write({ group });
  stack = await openTestStack({
    workDir: dir,
    config: {
      "redpandacloud:apiUrl": t.emu.url,
      "redpandacloud:accessToken": { value: TOKEN, secret: true },
      "redpandacloud:allowDeletion": "true",
    },
    env: hosts.env,
  });
  await installPlugin(rel, stack.cliEnv);
});

afterAll(async () => {
  process.stdout.write(`Ctrl-C to CLI exit (ms): ${JSON.stringify(measured)}\n`);
  try {
    await stack?.dispose();
  } finally {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
  expectAllResponsesValid(t, "ctrl-c");
});

it("a Network's create: the CLI stops at once, the next up resumes the same network", async () => {
  write({ group, network });
  const creating = () =>
    named(world().networks, "ctrl-c-net").some((n) => n.state === "STATE_CREATING");
  const { cli, exitMs } = await interrupt(
    "Network create",
    ["up", "--yes", "--skip-preview"],
    creating,
  );
  expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
  expect(cli.output()).toMatch(/interrupted \(Ctrl-C\).*run `pulumi up` again to resume/s);
  await run(["up", "--yes", "--skip-preview"]);
  expect(named(world().networks, "ctrl-c-net")).toHaveLength(1);
  await expectNoChanges();
});

it("a Cluster's create: stopped at once, resumed by the next up, never a second cluster", async () => {
  write({ group, network, cluster: cluster("a") });
  const creating = () =>
    named(world().clusters, "ctrl-c-cluster").some((c) => c.state === "STATE_CREATING");
  const { exitMs } = await interrupt("Cluster create", ["up", "--yes", "--skip-preview"], creating);
  expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
  const up = await run(["up", "--yes", "--skip-preview"]);
  expect(up).not.toMatch(/replace/);
  expect(named(world().clusters, "ctrl-c-cluster")).toHaveLength(1);
  await expectNoChanges();
});

it("a Cluster's update: stopped at once, applied by the next up", async () => {
  write({ group, network, cluster: cluster("b") });
  const updating = () =>
    Object.values(world().operations).some(
      (op) => op.type === "TYPE_UPDATE_CLUSTER" && op.state === "STATE_IN_PROGRESS",
    );
  const { exitMs } = await interrupt("Cluster update", ["up", "--yes", "--skip-preview"], updating);
  expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
  await run(["up", "--yes", "--skip-preview"]);
  const [c] = named(world().clusters, "ctrl-c-cluster");
  expect(JSON.stringify(c)).toContain('"team":"b"');
  await expectNoChanges();
});

it("a ServerlessCluster's create and a Pipeline's start: stopped at once, resumed", async () => {
  write({ group, network, cluster: cluster("b"), serverless });
  const creating = () =>
    named(world().serverless, "ctrl-c-serverless").some((s) => s.state === "STATE_CREATING");
  const first = await interrupt(
    "ServerlessCluster create",
    ["up", "--yes", "--skip-preview"],
    creating,
  );
  expect(first.exitMs).toBeLessThan(EXIT_WITHIN_MS);
  // Resumed through `up --refresh` too: the refresh reads the half-made cluster, the up waits.
  await run(["up", "--refresh", "--yes", "--skip-preview"]);
  expect(named(world().serverless, "ctrl-c-serverless")).toHaveLength(1);

  write({ group, network, cluster: cluster("b"), serverless, pipeline });
  const pipelines = () =>
    Object.values(world().dataplanes).flatMap((dp) => Object.values(dp.pipelines ?? {}));
  const starting = () =>
    pipelines().some((p) => p.display_name === "ctrl-c-pipeline" && p.state === "STATE_STARTING");
  const second = await interrupt("Pipeline create", ["up", "--yes", "--skip-preview"], starting);
  expect(second.exitMs).toBeLessThan(EXIT_WITHIN_MS);
  await run(["up", "--yes", "--skip-preview"]);
  expect(pipelines().filter((p) => p.display_name === "ctrl-c-pipeline")).toHaveLength(1);
  await expectNoChanges();
});

it("destroy: stopped at once during the cluster's delete; the next destroy finishes it", async () => {
  const deleting = () =>
    named(world().clusters, "ctrl-c-cluster").some((c) => c.state === "STATE_DELETING");
  const { exitMs } = await interrupt(
    "Cluster delete",
    ["destroy", "--yes", "--skip-preview"],
    deleting,
  );
  expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
  await run(["destroy", "--yes", "--skip-preview"]);
  expect(named(world().clusters, "ctrl-c-cluster")).toHaveLength(0);
  expect(named(world().networks, "ctrl-c-net")).toHaveLength(0);
});

it("a second Ctrl-C ends the CLI at once; the documented recovery converges with one cluster", async () => {
  write({ group, network });
  await run(["up", "--yes", "--skip-preview"]);
  write({ group, network, cluster: cluster("a") });
  const creating = () =>
    named(world().clusters, "ctrl-c-cluster").some((c) => c.state === "STATE_CREATING");
  const { exitMs } = await interrupt(
    "Cluster create, Ctrl-C twice",
    ["up", "--yes", "--skip-preview"],
    creating,
    2,
  );
  expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
  // README "Interrupted runs": a stack left locked is unlocked, pending creates are cleared, and
  // the next up takes the cluster over (createOnce) instead of making a second one.
  await run(["cancel", "--yes"]).catch(() => undefined);
  await run(["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]);
  await run(["up", "--yes", "--skip-preview"]);
  expect(named(world().clusters, "ctrl-c-cluster")).toHaveLength(1);
  await expectNoChanges();
});

it("a half-created cluster is destroyed by `pulumi destroy` after Ctrl-C", async () => {
  await run(["destroy", "--yes", "--skip-preview"]);
  write({ group, network });
  await run(["up", "--yes", "--skip-preview"]);
  write({ group, network, cluster: cluster("a") });
  const creating = () =>
    named(world().clusters, "ctrl-c-cluster").some((c) => c.state === "STATE_CREATING");
  await interrupt("Cluster create, then destroy", ["up", "--yes", "--skip-preview"], creating);
  await run(["destroy", "--yes", "--skip-preview"]);
  expect(named(world().clusters, "ctrl-c-cluster")).toHaveLength(0);
  expect(named(world().networks, "ctrl-c-net")).toHaveLength(0);
});

it("SIGKILL of the CLI's process group: the plugin exits by itself; the documented recovery converges", async () => {
  write({ group, network });
  await run(["up", "--yes", "--skip-preview"]);
  write({ group, network, cluster: cluster("a") });
  await speed(SLOW);
  const cli = stack.startCli(["up", "--yes", "--skip-preview"], { detached: true });
  await eventually(
    async () =>
      named(world().clusters, "ctrl-c-cluster").some((c) => c.state === "STATE_CREATING") ||
      undefined,
    120_000,
  );
  process.kill(-cli.pid, "SIGKILL");
  await cli.exited;
  // The plugin runs in a process group of its own and outlives the CLI; it notices its engine is
  // gone and exits rather than wait on for nobody.
  await eventually(async () => ((await pluginsIn(dir)).length === 0 ? true : undefined), 60_000);
  await speed(FAST);
  await run(["cancel", "--yes"]).catch(() => undefined);
  await run(["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]);
  await run(["up", "--yes", "--skip-preview"]);
  expect(named(world().clusters, "ctrl-c-cluster")).toHaveLength(1);
  await expectNoChanges();
  await run(["destroy", "--yes", "--skip-preview"]);
});
