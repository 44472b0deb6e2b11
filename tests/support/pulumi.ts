/**
 * Runs real Pulumi engine operations on a project directory, isolated per call site:
 * a temporary `file://` backend, a temporary PULUMI_HOME, a passphrase secrets provider,
 * no update checks and no plugin downloads. Used by the e2e tests and the benchmarks.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent, OpType, OutputMap } from "@pulumi/pulumi/automation";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import type { RunningProcess } from "./process";
import { startProcess } from "./process";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");
const PASSPHRASE = "e2e-passphrase";

let toolchainRoot: string | undefined;

/** The pinned toolchain's root (builds it on first use; cached outside the repo). */
export function pulumiToolchainRoot(): string {
  if (!toolchainRoot) {
    const out = execFileSync(
      "bash",
      [path.join(REPO_ROOT, "scripts", "pulumi-toolchain.sh"), "ensure"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    toolchainRoot = out.trim().split("\n").pop() ?? "";
  }
  return toolchainRoot;
}

/** Counts of completed steps per operation, excluding the root stack resource. */
export type ChangeCounts = Partial<Record<OpType, number>>;

export interface RunResult {
  changes: ChangeCounts;
  outputs: Record<string, unknown>;
  /** Everything the CLI printed (for log and secret assertions). */
  stdout: string;
  stderr: string;
}

export interface PreviewResult {
  changes: ChangeCounts;
  stdout: string;
}

export interface TestStackOptions {
  /** Pulumi project directory (holds Pulumi.yaml). */
  workDir: string;
  /** Stack name; defaults to a unique one. */
  stackName?: string;
  /** Stack config, `namespace:key` → value; `secret: true` encrypts it. `redpanda:allowDeletion`
   * is `true` unless given here. */
  config?: Record<string, string | { value: string; secret: boolean }>;
  /** Extra environment for the CLI and the dynamic-provider process. */
  env?: Record<string, string>;
}

export interface TestStack {
  readonly stack: Stack;
  readonly stackName: string;
  readonly backendDir: string;
  /** The environment the CLI runs with (PATH to the pinned toolchain, backend, passphrase, …),
   * for tests that drive the `pulumi` binary directly, e.g. to interrupt it. */
  readonly cliEnv: Record<string, string>;
  /** `pulumi <args> --stack <this> --non-interactive` as a child process (to read or interrupt it). */
  startCli(args: string[], options?: { detached?: boolean }): RunningProcess;
  up(): Promise<RunResult>;
  preview(): Promise<PreviewResult>;
  refresh(): Promise<RunResult>;
  destroy(): Promise<RunResult>;
  /** `pulumi stack export` through the Automation API. Secrets come back decrypted: to check that a
   * secret is not in state, use `findInBackend`. */
  exportState(): Promise<unknown>;
  /** The inputs the state holds for each of the user's resources, by URN (secrets decrypted). */
  storedInputs(): Promise<Record<string, unknown>>;
  /** Which of `needles` appear in any file of the backend (state, history, backups). */
  findInBackend(needles: string[]): string[];
  /** Removes the stack and all temporary directories. */
  dispose(): Promise<void>;
}

/** The stack itself and default providers are bookkeeping, not the user's resources. */
function isBookkeeping(type: string): boolean {
  return type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:");
}

function countSteps(events: EngineEvent[]): ChangeCounts {
  const counts: ChangeCounts = {};
  for (const event of events) {
    const meta = event.resOutputsEvent?.metadata;
    if (!meta || isBookkeeping(meta.type)) continue;
    counts[meta.op] = (counts[meta.op] ?? 0) + 1;
  }
  return counts;
}

function plainOutputs(outputs: OutputMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, v.value]));
}

export async function openTestStack(options: TestStackOptions): Promise<TestStack> {
  const root = pulumiToolchainRoot();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-e2e-"));
  const backendDir = path.join(scratch, "backend");
  const pulumiHome = path.join(scratch, "home");
  fs.mkdirSync(backendDir);
  fs.mkdirSync(pulumiHome);
  const envVars: Record<string, string> = {
    PATH: `${path.join(root, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...options.env,
  };
  const pulumiCommand = await PulumiCommand.get({ root });
  const workspace = await LocalWorkspace.create({
    workDir: options.workDir,
    pulumiHome,
    pulumiCommand,
    envVars,
  });
  const stackName =
    options.stackName ?? `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const stack = await Stack.create(stackName, workspace);
  // The suites create and destroy throwaway stacks: they take the documented stack-wide opt-out
  // of the deletion guard (README, "Safe deletion"), here once. A suite that tests the guard sets
  // `redpanda:allowDeletion` itself, or removes it.
  const config = { "redpanda:allowDeletion": "true", ...options.config };
  for (const [key, value] of Object.entries(config)) {
    const entry = typeof value === "string" ? { value, secret: false } : value;
    await stack.setConfig(key, entry);
  }

  const run = async (op: "up" | "refresh" | "destroy"): Promise<RunResult> => {
    const events: EngineEvent[] = [];
    let stdout = "";
    let stderr = "";
    const opts = {
      onEvent: (e: EngineEvent) => events.push(e),
      onOutput: (s: string) => (stdout += s),
      onError: (s: string) => (stderr += s),
    };
    try {
      if (op === "up") await stack.up(opts);
      else if (op === "refresh") await stack.refresh(opts);
      else await stack.destroy(opts);
    } catch (err) {
      // Keep the CLI's own words in the failure: that is what a user would read.
      const e = err as Error;
      e.message = `${e.message}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`;
      throw e;
    }
    const outputs = op === "destroy" ? {} : plainOutputs(await stack.outputs());
    return { changes: countSteps(events), outputs, stdout, stderr };
  };
  const exportState = async () => (await stack.exportStack()).deployment as unknown;

  return {
    stack,
    stackName,
    backendDir,
    cliEnv: { ...envVars, PULUMI_HOME: pulumiHome },
    startCli: (args, cliOptions = {}) =>
      startProcess("pulumi", [...args, "--stack", stackName, "--non-interactive"], {
        cwd: options.workDir,
        env: { ...envVars, PULUMI_HOME: pulumiHome },
        detached: cliOptions.detached,
      }),
    up: () => run("up"),
    refresh: () => run("refresh"),
    destroy: () => run("destroy"),
    async preview() {
      const events: EngineEvent[] = [];
      let stdout = "";
      await stack.preview({
        onEvent: (e: EngineEvent) => events.push(e),
        onOutput: (s: string) => (stdout += s),
      });
      const changes: ChangeCounts = {};
      for (const e of events) {
        const meta = e.resourcePreEvent?.metadata;
        if (!meta || isBookkeeping(meta.type)) continue;
        changes[meta.op] = (changes[meta.op] ?? 0) + 1;
      }
      return { changes, stdout };
    },
    findInBackend(needles: string[]) {
      const found = new Set<string>();
      const walk = (dir: string): void => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else {
            const text = fs.readFileSync(full, "utf8");
            for (const n of needles)
              if (text.includes(n)) found.add(`${n} in ${path.relative(backendDir, full)}`);
          }
        }
      };
      walk(backendDir);
      return [...found];
    },
    exportState,
    async storedInputs() {
      const { resources } = (await exportState()) as {
        resources?: { urn: string; type: string; inputs?: unknown }[];
      };
      return Object.fromEntries(
        (resources ?? []).filter((r) => !isBookkeeping(r.type)).map((r) => [r.urn, r.inputs]),
      );
    },
    async dispose() {
      try {
        await workspace.removeStack(stackName, { force: true });
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Writes a throwaway Pulumi project into a temp dir whose `node_modules` links to the repo's,
 * so `@pulumi/pulumi` and this package resolve exactly as in an installed project.
 */
export function writeTempProject(name: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-proj-${name}-`));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true }));
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}
