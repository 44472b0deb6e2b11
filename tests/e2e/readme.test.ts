// The README's Quickstart, run exactly as written, as a new user runs it: in a folder outside the
// repository, next to the package's tarball (`npm pack` of this repository, as the README's install
// section builds it: the release's `dynamic` step, support/release.ts, shared with other tests), with this lane's Pulumi CLI on PATH and the emulator started by the README's
// command. The marked blocks (`<!-- readme-test: ... -->`, tests/support/readme-steps.ts) are the
// whole script; the test only supplies what a user's machine has: a home folder of its own (so
// `pulumi login --local` writes there), the npm cache and config, the tool caches, and
// PULUMI_SKIP_CONFIRMATIONS for the prompts a user answers by hand.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { kafkaBinary } from "../support/kafka";
import type { RunningProcess } from "../support/process";
import { runProcess, startProcess } from "../support/process";
import { REPO_ROOT, pulumiToolchainRoot } from "../support/pulumi";
import { readmeSteps } from "../support/readme-steps";
import { release } from "../support/release";

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-readme-"));
const home = path.join(scratch, "home");
const work = path.join(scratch, "work");
const shellState = path.join(scratch, "shell");
let emulator: { process: RunningProcess; body: string; cwd: string } | undefined;

/** This machine's environment without what the repository's own npm run or tests put in it. */
function userEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    const k = key.toLowerCase();
    if (k.startsWith("npm_") || k === "init_cwd" || key.startsWith("PULUMI_")) continue;
    if (key.startsWith("REDPANDA_") && key !== "REDPANDA_EMULATOR_FORWARD_COMPAT") continue;
    env[key] = value;
  }
  const realHome = os.homedir();
  return {
    ...env,
    HOME: home,
    PATH: `${path.join(pulumiToolchainRoot(), "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    // The user's npm cache and config, and the caches the emulator's Kafka broker is built into.
    npm_config_cache: process.env.npm_config_cache ?? path.join(realHome, ".npm"),
    npm_config_userconfig: process.env.npm_config_userconfig ?? path.join(realHome, ".npmrc"),
    XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? path.join(realHome, ".cache"),
    GOPATH: process.env.GOPATH ?? path.join(realHome, "go"),
    PULUMI_SKIP_CONFIRMATIONS: "true",
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
}

async function startEmulator(body: string, cwd: string): Promise<void> {
  const proc = startProcess("bash", ["-c", body], { cwd, env: userEnv(), detached: true });
  emulator = { process: proc, body, cwd };
  const deadline = Date.now() + 180_000;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (!/^http:\/\/\S+$/m.test(proc.output())) {
    if (exited || Date.now() > deadline) {
      throw new Error(`the emulator did not start:\n${proc.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ctrl-C, as the README says: SIGINT to the emulator's process group. */
async function stopEmulator(): Promise<void> {
  if (!emulator) return;
  const { process: proc } = emulator;
  emulator = undefined;
  try {
    process.kill(-proc.pid, "SIGINT");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-proc.pid, "SIGKILL");
    } catch {
      // gone already
    }
  }, 20_000);
  await proc.exited;
  clearTimeout(timer);
}

/** One shell block, in the folder and with the exports the blocks before it left. */
async function runBlock(step: { body: string; line: number }): Promise<string> {
  const script = [
    "set -eo pipefail",
    `if [ -f ${JSON.stringify(path.join(shellState, "env"))} ]; then source ${JSON.stringify(path.join(shellState, "env"))}; fi`,
    `cd "$(cat ${JSON.stringify(path.join(shellState, "cwd"))})"`,
    step.body,
    `export -p > ${JSON.stringify(path.join(shellState, "env"))}`,
    `pwd > ${JSON.stringify(path.join(shellState, "cwd"))}`,
  ].join("\n");
  const result = await runProcess("bash", ["-c", script], { cwd: work, env: userEnv() });
  if (result.code !== 0) {
    throw new Error(
      `README.md:${step.line}: the block failed (${result.code}):\n${step.body}\n\n${result.output}`,
    );
  }
  return result.output;
}

const cwd = (): string => fs.readFileSync(path.join(shellState, "cwd"), "utf8").trim();

interface World {
  resourceGroups: Record<string, unknown>;
  networks: Record<string, unknown>;
  clusters: Record<string, { state?: string }>;
}
const world = (): World =>
  JSON.parse(fs.readFileSync(path.join(cwd(), "emulator-state.json"), "utf8")) as World;

beforeAll(async () => {
  for (const dir of [home, work, shellState]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(shellState, "cwd"), work);
  try {
    kafkaBinary(); // built into the shared cache once, so the emulator's own `ensure` finds it
  } catch {
    // Without Go the emulator keeps its in-memory data plane; the README works either way.
  }
  const packed = (await release(["dynamic"])).file("dynamic", /^pulumi-redpanda-cloud-.*\.tgz$/);
  fs.copyFileSync(packed, path.join(work, path.basename(packed)));
});

afterAll(async () => {
  await stopEmulator();
  fs.rmSync(scratch, { recursive: true, force: true });
});

it("marks the Quickstart's blocks in order: files, install, emulator, stack, change, restart, destroy", () => {
  const kinds = readmeSteps(README).map((s) => (s.kind === "file" ? `file ${s.name}` : s.kind));
  expect(kinds).toEqual([
    "run",
    "file Pulumi.yaml",
    "file package.json",
    "file index.js",
    "run",
    "emulator",
    "run",
    "run",
    "restart-emulator",
    "run",
    "run",
  ]);
});

it("runs the README's Quickstart as written, outside the repository, with the packed package", async () => {
  const tarball = fs.readdirSync(work).find((f) => f.endsWith(".tgz"));
  // The README names the tarball `npm pack` writes, version included.
  expect(README).toContain(`file:../${tarball}`);
  const outputs: string[] = [];
  for (const step of readmeSteps(README)) {
    if (step.kind === "file") {
      fs.writeFileSync(path.join(cwd(), step.name), step.body);
    } else if (step.kind === "emulator") {
      await startEmulator(step.body, cwd());
    } else if (step.kind === "restart-emulator") {
      const { body, cwd: dir } = emulator!;
      await stopEmulator();
      // What the state file kept: the cluster, ready, with the stack's topic.
      const clusters = Object.values(world().clusters);
      expect(clusters.map((c) => c.state)).toEqual(["STATE_READY"]);
      await startEmulator(body, dir);
    } else {
      outputs.push(await runBlock(step));
    }
  }
  const [, install, deploy, change, refresh, destroy] = outputs;
  // No install script to approve: the tarball carries the built package. The only engine warning
  // is the one the README's "Supported versions" names (Node 20: cookie@2, from the emulator's
  // web framework).
  expect(install).not.toMatch(/install-scripts/);
  const engineWarnings = [...install!.matchAll(/EBADENGINE +package: '([^']+)'/g)].map((m) => m[1]);
  expect(engineWarnings.filter((p) => !p!.startsWith("cookie@2"))).toEqual([]);
  // Four resources and the stack itself.
  expect(deploy).toMatch(/\+ 5 created/);
  expect(change).toMatch(/~ 1 updated/);
  expect(change!.trim().split("\n").pop()).toBe("6");
  expect(refresh).not.toMatch(/deleted/);
  expect(destroy).toMatch(/- 5 deleted/);
  const left = world();
  expect([left.resourceGroups, left.networks, left.clusters].map((r) => Object.keys(r))).toEqual([
    [],
    [],
    [],
  ]);
});
