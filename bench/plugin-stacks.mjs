// The pieces bench/plugin-vs-dynamic.mjs runs: the release's plugin archive and a no-op plugin's
// archive, YAML stacks whose PULUMI_HOME has one of them installed (`pulumi plugin install --file`,
// as a user installs the plugin), and timed CLI commands with the peak RSS of their process tree.
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { build } from "esbuild";
import { REPO, stackEnv } from "./engine.mjs";

const NAME = "pulumi-resource-redpandacloud";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * The processes of `pid`'s tree now: each one's RSS (kB), own CPU time (ms, user + system) and
 * role — `engine` (pulumi), `host` (a language host), `provider` (a plugin or the Node.js program
 * and its dynamic-provider process) — from /proc.
 */
export function treeProcesses(pid) {
  const children = new Map();
  const procs = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      // Fields after the command (which may hold spaces) start after the last ')'.
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ppid = Number(f[1]);
      const role =
        comm === "pulumi" ? "engine" : comm.startsWith("pulumi-language") ? "host" : "provider";
      procs.set(Number(entry), {
        rssKb: Number(f[21]) * 4,
        cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS,
        role,
      });
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const tree = new Map();
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop();
    if (procs.has(p)) tree.set(p, procs.get(p));
    todo.push(...(children.get(p) ?? []));
  }
  return tree;
}

/**
 * Runs `pulumi <args>` asynchronously (the emulator is in this process): wall seconds, peak RSS of
 * the process tree, and CPU seconds by role — engine, language host, provider (each process's own
 * time, sampled every 100 ms: a process's last 100 ms before it exits may be missed) and emulator
 * (this process's time: answering the providers' requests) — and their sum. CPU time is what load
 * on a shared machine does not stretch.
 */
export function measured(bin, args, cwd, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const own = process.cpuUsage();
    let peakKb = 0;
    const cpuByPid = new Map();
    const child = execFile(
      bin,
      [...args, "--yes", "--non-interactive", "--skip-preview"],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        clearInterval(timer);
        const emulator = process.cpuUsage(own);
        if (err) {
          reject(
            new Error(`pulumi ${args.join(" ")} failed: ${err.message}\n${stdout}\n${stderr}`),
          );
          return;
        }
        const cpu = {
          engine: 0,
          host: 0,
          provider: 0,
          emulator: (emulator.user + emulator.system) / 1000,
        };
        for (const { role, cpuMs } of cpuByPid.values()) cpu[role] += cpuMs;
        const s = (ms) => Number((ms / 1000).toFixed(1));
        resolve({
          seconds: s(performance.now() - start),
          cpuSeconds: s(cpu.engine + cpu.host + cpu.provider + cpu.emulator),
          cpu: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, s(v)])),
          peakRssMb: Math.round(peakKb / 1024),
        });
      },
    );
    const timer = setInterval(() => {
      let rss = 0;
      for (const [pid, p] of treeProcesses(child.pid)) {
        rss += p.rssKb;
        cpuByPid.set(pid, {
          role: p.role,
          cpuMs: Math.max(p.cpuMs, cpuByPid.get(pid)?.cpuMs ?? 0),
        });
      }
      peakKb = Math.max(peakKb, rss);
    }, 100);
  });
}

/** The release's plugin archive (scripts/release/run.mjs --only plugin) in a temp folder. */
export function pluginArchive() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-bench-release-"));
  execFileSync(
    process.execPath,
    [path.join(REPO, "scripts", "release", "run.mjs"), "--only", "plugin", "--out", out],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const { version, steps } = JSON.parse(fs.readFileSync(path.join(out, "release.json"), "utf8"));
  return { version, archive: path.join(out, steps.plugin[0]) };
}

/**
 * The no-op plugin (noop-plugin.cjs) packed as the real one is: one bundle (the SDK's copy of
 * grpc-js, as the release's), a launcher on the node of PATH, the same schema and version.
 * `floor`: its reads make the requests the API needs (the contract's floor for refresh).
 */
export async function noopArchive(version, { floor = false } = {}) {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-bench-noop-"));
  const schema = JSON.stringify({
    ...JSON.parse(fs.readFileSync(path.join(REPO, "sdk", "schema.json"), "utf8")),
    version,
  });
  const sdk = path.join(REPO, "node_modules", "@pulumi", "pulumi");
  await build({
    entryPoints: [path.join(REPO, "bench", "noop-plugin.cjs")],
    outfile: path.join(stage, "plugin.js"),
    bundle: true,
    platform: "node",
    target: "node20.19",
    format: "cjs",
    minifyWhitespace: true,
    define: {
      NOOP_VERSION: JSON.stringify(version),
      NOOP_SCHEMA: JSON.stringify(schema),
      NOOP_FLOOR: JSON.stringify(floor),
    },
    plugins: [
      {
        name: "sdk-grpc",
        setup(b) {
          b.onResolve({ filter: /^@grpc\/grpc-js$/ }, () => ({
            path: execFileSync(
              process.execPath,
              ["-p", `require.resolve("@grpc/grpc-js", { paths: [${JSON.stringify(sdk)}] })`],
              { encoding: "utf8" },
            ).trim(),
          }));
        },
      },
    ],
    logLevel: "warning",
  });
  fs.writeFileSync(
    path.join(stage, NAME),
    `#!/bin/sh\nexec node "$(dirname "$0")/plugin.js" "$@"\n`,
    { mode: 0o755 },
  );
  const archive = path.join(
    os.tmpdir(),
    `rpcloud-bench-${floor ? "floor" : "noop"}-${process.pid}.tar.gz`,
  );
  execFileSync("tar", ["-czf", archive, "-C", stage, NAME, "plugin.js"]);
  fs.rmSync(stage, { recursive: true, force: true });
  return archive;
}

/**
 * A temp YAML project of `list` (bench/overhead.mjs's [kind, name, args]) with its stack and config
 * ready and `archive` installed as the redpandacloud plugin `version` in its own PULUMI_HOME.
 */
export function yamlStack(name, list, config, { archive, version }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-bench-${name}-`));
  const lines = [`name: ${name}`, "runtime: yaml", "resources:"];
  for (const [kind, logical, args] of list) {
    lines.push(`  ${logical}:`, `    type: redpandacloud:index:${kind}`, "    properties:");
    for (const [k, v] of Object.entries(args)) lines.push(`      ${k}: ${JSON.stringify(v)}`);
  }
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), lines.join("\n") + "\n");
  fs.mkdirSync(path.join(dir, ".state"));
  const hosts = execFileSync(
    "bash",
    [path.join(REPO, "scripts", "language-hosts.sh"), "ensure", "yaml"],
    {
      encoding: "utf8",
    },
  );
  const root = /PULUMI_TOOLCHAIN_ROOT=(.*)/.exec(hosts)[1].trim();
  const bin = path.join(root, "bin", "pulumi");
  const env = stackEnv(root, dir);
  const pulumi = (...args) =>
    execFileSync(bin, args, { cwd: dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  pulumi("plugin", "install", "resource", "redpandacloud", version, "--file", archive);
  pulumi("stack", "init", "bench", "--non-interactive");
  for (const [k, v] of Object.entries(config)) pulumi("config", "set", k, v);
  return {
    dir,
    bin,
    env,
    /** From now on the plugin writes CPU profiles into `profileDir` (bench/profile-hook.mjs). */
    profile(profileDir) {
      const plugins = path.join(env.PULUMI_HOME, "plugins");
      const launcher = path.join(plugins, `resource-redpandacloud-v${version}`, NAME);
      const hook = path.join(REPO, "bench", "profile-hook.mjs");
      const text = fs.readFileSync(launcher, "utf8");
      fs.writeFileSync(launcher, text.replace(/exec node /, `exec node --import=${hook} `));
      env.REDPANDA_BENCH_PROFILE = profileDir;
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The release's plugin unpacked into a temp folder: its launcher's path (plugin-start.mjs) and a
 * cleanup.
 */
export function releasedLauncher() {
  const { archive } = pluginArchive();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-bench-plugin-"));
  execFileSync("tar", ["-xzf", archive, "-C", dir]);
  fs.rmSync(path.dirname(archive), { recursive: true, force: true });
  return {
    launcher: path.join(dir, NAME),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
