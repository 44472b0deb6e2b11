// Runs a real `pulumi up` of a generated stack against the emulator and times it. Shared by the
// benchmarks that measure whole-stack wall time (the engine, our providers and the emulator together).
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function toolchainRoot() {
  const out = execFileSync("bash", [path.join(REPO, "scripts", "pulumi-toolchain.sh"), "ensure"], {
    encoding: "utf8",
  });
  return out.trim().split("\n").pop();
}

/** A temp Pulumi project whose node_modules is the repo's; returns a runner for CLI commands. */
/**
 * The environment a bench stack's `pulumi` runs in: the toolchain's CLI first on PATH, a file://
 * backend and a Pulumi home inside the stack's folder, no update check, no plugin download.
 */
export function stackEnv(root, dir, extra = {}) {
  return {
    ...process.env,
    PATH: `${path.join(root, "bin")}${path.delimiter}${process.env.PATH}`,
    PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
    PULUMI_CONFIG_PASSPHRASE: "bench",
    PULUMI_HOME: path.join(dir, ".home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...extra,
  };
}

export function tempStack(name, program, config) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-bench-${name}-`));
  fs.symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"), "dir");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true }));
  fs.writeFileSync(path.join(dir, "index.js"), program);
  fs.mkdirSync(path.join(dir, ".state"));
  const root = toolchainRoot();
  const env = stackEnv(root, dir);
  const pulumi = (...args) =>
    execFileSync(path.join(root, "bin", "pulumi"), args, {
      cwd: dir,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
  pulumi("stack", "init", "bench", "--non-interactive");
  // Bench stacks are thrown away (scale.mjs destroys its topics): the documented stack-wide opt-out
  // of the deletion guard, once here.
  const settings = { "redpanda:allowDeletion": "true", ...config };
  for (const [k, v] of Object.entries(settings)) pulumi("config", "set", k, v);
  return {
    dir,
    /** The CLI and its environment, for callers that run it themselves (plugin-vs-dynamic.mjs). */
    bin: path.join(root, "bin", "pulumi"),
    env,
    pulumi,
    /**
     * Wall time of one `pulumi up`, in seconds. Asynchronous on purpose: the emulator may run in
     * this process, and a synchronous child would block the event loop that serves it.
     */
    async timeUp() {
      return this.time("up");
    },
    /** Wall time of one `pulumi <op>` (up, refresh, destroy), in seconds. */
    async time(op) {
      const start = performance.now();
      await promisify(execFile)(
        path.join(root, "bin", "pulumi"),
        [op, "--yes", "--non-interactive", "--skip-preview"],
        { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 },
      );
      return (performance.now() - start) / 1000;
    },
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
