// Interrupted runs: the Pulumi CLI is stopped while a cluster is being created — once with SIGINT
// (Ctrl-C), once with SIGKILL of its whole process group (a CI runner killed, a laptop closed).
// The documented recovery (README "Interrupted runs") must converge with exactly one cluster.
import * as fs from "node:fs";
import { inventoryAndState } from "../support/inventory";
import { eventually } from "../support/emulator";
import type { RunningProcess } from "../support/process";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const program = `
const redpanda = require("pulumi-redpanda-cloud");
${dedicatedCluster("interrupted", "10.95.0.0/20")}
new redpanda.Topic("events", { dataplaneApiUrl: cluster.dataplaneApiUrl, name: "events", partitionCount: 3 });
`;

/** `pulumi <args>` in its own process group, so a test can signal it and everything it started. */
const pulumi = (s: Scenario, args: string[]): RunningProcess =>
  s.stack.startCli(args, { detached: true });

async function run(s: Scenario, args: string[]): Promise<string> {
  const cli = pulumi(s, args);
  const { code } = await cli.exited;
  if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${cli.output()}`);
  return cli.output();
}

/** Starts `up` and resolves once the emulator is building the cluster. */
async function upUntilClusterCreating(s: Scenario): Promise<RunningProcess> {
  const cli = pulumi(s, ["up", "--yes", "--skip-preview"]);
  await eventually(
    async () => Object.values(s.t.emu.world().clusters).some((c) => c.state === "STATE_CREATING"),
    60_000,
  );
  return cli;
}

/** Processes running in the project directory whose command line matches `pattern`. */
async function processesIn(dir: string, pattern: RegExp): Promise<number[]> {
  const pids = (await fs.promises.readdir("/proc")).filter((p) => /^\d+$/.test(p));
  const found: number[] = [];
  for (const pid of pids) {
    const cwd = await fs.promises.readlink(`/proc/${pid}/cwd`).catch(() => "");
    if (cwd !== dir && cwd !== `${dir} (deleted)`) continue;
    const cmd = await fs.promises.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (pattern.test(cmd)) found.push(Number(pid));
  }
  return found;
}

async function expectOneClusterAndConverged(s: Scenario): Promise<void> {
  const { emulator, state } = await inventoryAndState(s.t, s.stack);
  expect(emulator.Cluster).toHaveLength(1);
  expect(state).toEqual(emulator);
  expect(await run(s, ["preview", "--expect-no-changes"])).toMatch(/5 unchanged/);
}

const scenarios: Scenario[] = [];
afterAll(async () => {
  for (const s of scenarios) {
    await s.stack.destroy().catch(() => undefined);
    await s.dispose();
  }
});

async function open(): Promise<Scenario> {
  // Speed 1: the cluster takes 8 s to build, time enough to interrupt it.
  const s = await openScenario("interrupted", program, {}, { speed: 1 });
  scenarios.push(s);
  return s;
}

it("SIGINT during a cluster create: Pulumi finishes the step; the next up converges", async () => {
  const s = await open();
  const cli = await upUntilClusterCreating(s);
  const at = Date.now();
  process.kill(cli.pid, "SIGINT");
  const { code } = await cli.exited;
  // The engine sends the dynamic providers' host no Cancel it acts on, and the provider runs in a
  // process group of its own: the CLI waits for the step under way (docs/reliability.md).
  process.stdout.write(`dynamic providers: Ctrl-C to CLI exit ${Date.now() - at} ms\n`);
  expect(code).not.toBe(0);
  // No pending operation is left: the next up needs no repair.
  const up = await run(s, ["up", "--yes", "--skip-preview"]);
  expect(up).not.toMatch(/pending operations/);
  await expectOneClusterAndConverged(s);
});

it("SIGKILL during a cluster create: unlock, clear the pending create, up adopts the cluster", async () => {
  const s = await open();
  const cli = await upUntilClusterCreating(s);
  process.kill(-cli.pid, "SIGKILL");
  await cli.exited;
  // The plugins run in process groups of their own and outlive the CLI; our provider notices its
  // engine is gone and exits rather than poll on for nobody. (Pulumi's language host, idle, stays
  // until killed: that one is the CLI's, and the test stops it.)
  await eventually(async () => (await processesIn(s.dir, /dynamic-provider/)).length === 0, 60_000);
  for (const pid of await processesIn(s.dir, /./)) process.kill(pid, "SIGKILL");

  // What the user sees next, and the documented recovery.
  const blocked = pulumi(s, ["up", "--yes", "--skip-preview"]);
  expect((await blocked.exited).code).not.toBe(0);
  expect(blocked.output()).toMatch(/locked/);
  await run(s, ["cancel", "--yes"]);
  const refreshed = await run(s, ["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]);
  expect(refreshed).not.toMatch(/error/i);
  const up = await run(s, ["up", "--yes", "--skip-preview"]);
  expect(up).toMatch(/cluster interrupted-cluster/);
  await expectOneClusterAndConverged(s);
});
