// Plugin vs dynamic provider (issue 30): `pulumi up` (then `pulumi destroy`) of the same N
// data-plane resources (half topics, a third users, the rest ACLs: overhead.mjs's mix) on one
// cluster of one zero-latency emulator, in one run: first a Node program of the dynamic providers,
// then a YAML program through the provider plugin (the language host from
// scripts/language-hosts.sh). Same pinned CLI, file:// backends in temp folders, the CLI's default
// parallelism for both. Besides wall time, the peak RSS summed over the `pulumi` process and all
// its descendants (engine, language host, providers), sampled from /proc every 100 ms.
// `npm run build` first; `node bench/plugin-vs-dynamic.mjs [N]` (default 600).
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../dist/emulator/index.js";
import { REPO, tempStack } from "./engine.mjs";
import { oursProgram, readyCluster, resources } from "./overhead.mjs";

const TOKEN = "bench";
const LAUNCHER_DIR = path.join(REPO, "provider", "plugin", "bin");

/** Sum of RSS (kB) of `pid` and its descendants, read from /proc. */
function treeRssKb(pid) {
  const children = new Map();
  const rss = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ppid = Number(fields[1]);
      rss.set(Number(entry), Number(fields[21]) * 4);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let total = 0;
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop();
    total += rss.get(p) ?? 0;
    todo.push(...(children.get(p) ?? []));
  }
  return total;
}

/** Runs `pulumi <op>` asynchronously (the emulator is in this process); wall seconds and peak tree RSS. */
function measured(bin, op, cwd, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let peakKb = 0;
    const child = execFile(
      bin,
      [op, "--yes", "--non-interactive", "--skip-preview"],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        clearInterval(timer);
        if (err) reject(new Error(`pulumi ${op} failed: ${err.message}\n${stdout}\n${stderr}`));
        else
          resolve({
            seconds: Number(((performance.now() - start) / 1000).toFixed(1)),
            peakRssMb: Math.round(peakKb / 1024),
          });
      },
    );
    const timer = setInterval(() => {
      peakKb = Math.max(peakKb, treeRssKb(child.pid));
    }, 100);
  });
}

/** A temp YAML project of `list` through the plugin, with its stack and config ready. */
function yamlStack(name, list, config) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-bench-${name}-`));
  const lines = [
    `name: ${name}`,
    "runtime: yaml",
    "plugins:",
    "  providers:",
    `    - name: redpandacloud`,
    `      path: ${JSON.stringify(LAUNCHER_DIR)}`,
    "resources:",
  ];
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
  const env = {
    ...process.env,
    PATH: `${path.join(root, "bin")}${path.delimiter}${process.env.PATH}`,
    PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
    PULUMI_CONFIG_PASSPHRASE: "bench",
    PULUMI_HOME: path.join(dir, ".home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  const pulumi = (...args) =>
    execFileSync(bin, args, { cwd: dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  pulumi("stack", "init", "bench", "--non-interactive");
  for (const [k, v] of Object.entries(config)) pulumi("config", "set", k, v);
  return {
    time: (op) => measured(bin, op, dir, env),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function benchPluginVsDynamic(n = 600) {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0 });
  const count = () => {
    const dp = Object.values(emu.inventory().dataplanes)[0];
    return dp.topics.length + dp.users.length + dp.acls.length;
  };
  try {
    const url = await readyCluster(emu);
    const rows = {};
    // The dynamic providers: the Node program the overhead and load benchmarks use.
    const dyn = tempStack(`dyn${n}`, oursProgram(resources(n, url, "dyn-")), {
      "redpanda:apiUrl": emu.url,
      "redpanda:accessToken": TOKEN,
    });
    try {
      const up = await measured(dyn.bin, "up", dyn.dir, dyn.env);
      const created = count();
      const destroy = await measured(dyn.bin, "destroy", dyn.dir, dyn.env);
      rows.dynamic = { up, destroy, created, left: count() };
    } finally {
      dyn.cleanup();
    }
    // The plugin: the same resources from a YAML program.
    const plg = yamlStack(`plg${n}`, resources(n, url, "plg-"), {
      "redpandacloud:apiUrl": emu.url,
      "redpandacloud:accessToken": TOKEN,
      "redpandacloud:allowDeletion": "true",
    });
    try {
      const up = await plg.time("up");
      const created = count();
      const destroy = await plg.time("destroy");
      rows.plugin = { up, destroy, created, left: count() };
    } finally {
      plg.cleanup();
    }
    return {
      resources: n,
      ...rows,
      upRatio: Number((rows.plugin.up.seconds / rows.dynamic.up.seconds).toFixed(2)),
    };
  } finally {
    await emu.close();
  }
}

/**
 * run.mjs's rows for a result of benchPluginVsDynamic and one of plugin-start.mjs's
 * benchPluginStart, with when and under what load they ran (`ran`: { at, loadAvg1m }).
 */
export function pluginResults(r, start, ran) {
  const rows = ["up", "destroy"].map((op) => ({
    measure: `plugin vs dynamic provider: pulumi ${op} of ${r.resources} data-plane resources, YAML through the plugin vs Node through the dynamic providers (same run)`,
    figures: {
      pluginSeconds: r.plugin[op].seconds,
      dynamicSeconds: r.dynamic[op].seconds,
      ratio: Number((r.plugin[op].seconds / r.dynamic[op].seconds).toFixed(2)),
      pluginPeakRssMb: r.plugin[op].peakRssMb,
      dynamicPeakRssMb: r.dynamic[op].peakRssMb,
      ...(op === "up"
        ? { pluginCreated: r.plugin.created, dynamicCreated: r.dynamic.created }
        : { pluginLeft: r.plugin.left, dynamicLeft: r.dynamic.left }),
    },
    target: "reported (no target set)",
    ran,
  }));
  rows.push({
    measure: `plugin start: launch to port printed, GetPluginInfo and GetSchema answered (median of ${start.runs})`,
    figures: start,
    target: "reported (no target set)",
    ran,
  });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchPluginVsDynamic(Number(process.argv[2]) || 600), null, 2));
}
