// The provider plugin at scale (issue 40), in one run on one zero-latency emulator: N data-plane
// resources (half topics, a third users, the rest ACLs: overhead.mjs's mix, on one cluster) through
//   - the plugin, as released (scripts/release: the bundle, installed with `pulumi plugin install
//     --file`), from a YAML program;
//   - a no-op plugin (noop-plugin.cjs: the same gRPC library, stubs, schema and packing, no API),
//     from the same YAML program — the floor: what the engine, the YAML host and the gRPC hop cost;
//   - the dynamic providers, from a Node program (beside them, no target);
//   - at up, refresh and destroy, also the no-op plugin built as the contract's floor, on objects
//     of its own: its creates, reads and deletes make the requests the API needs (one POST or
//     DELETE per object; at refresh one GET of each topic's configurations and one list of
//     topics, users and ACLs) — what any plugin that calls the API pays beyond the no-op.
// Each step — up, a no-change up (`--expect-no-changes`), refresh, destroy — runs for the three
// back to back, so the three see the same load. Wall time and peak RSS summed over the `pulumi`
// process and its descendants (sampled every 100 ms). Target (issue 47): the plugin ≤ 1.10 × the
// contract's floor where it runs (up, refresh, destroy) and ≤ 1.10 × the no-op at a no-change up.
// `npm run build` first; `node bench/plugin-vs-dynamic.mjs [N]` (default 2000).
// REDPANDA_BENCH_PROFILE=<dir>: the plugin writes V8 CPU profiles into <dir> (profile-hook.mjs).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";
import { oursProgram, readyCluster, resources } from "./overhead.mjs";
import { measured, noopArchive, pluginArchive, yamlStack } from "./plugin-stacks.mjs";

const TOKEN = "bench";
/** The steps; the short ones run `runs` times (the median is kept), the no-op and plugin
 * alternating which goes first. Five, not three: one run of the pair moves ±10 % with the load. */
export const STEPS = [
  { name: "up", args: ["up"], runs: 1 },
  { name: "no-change up", args: ["up", "--expect-no-changes"], runs: 5 },
  { name: "refresh", args: ["refresh"], runs: 5 },
  { name: "destroy", args: ["destroy"], runs: 1 },
];
export const TARGET_RATIO = 1.1;

/** A step's target: against the contract's floor where the step has one, else the no-op. */
function targetOf(row) {
  return row.contract
    ? {
        target: `plugin <= ${TARGET_RATIO} x contract floor`,
        met: row.pluginToContract <= TARGET_RATIO,
      }
    : { target: `plugin <= ${TARGET_RATIO} x no-op`, met: row.ratio <= TARGET_RATIO };
}

/** The run of median wall time. */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
}

export async function benchPluginVsDynamic(n = 2000) {
  const released = pluginArchive();
  const noop = { version: released.version, archive: await noopArchive(released.version) };
  const contract = {
    version: released.version,
    archive: await noopArchive(released.version, { floor: true }),
  };
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0 });
  const count = () => {
    const dp = Object.values(emu.inventory().dataplanes)[0];
    return dp.topics.length + dp.users.length + dp.acls.length;
  };
  const stacks = [];
  try {
    const url = await readyCluster(emu);
    const config = {
      "redpandacloud:apiUrl": emu.url,
      "redpandacloud:accessToken": TOKEN,
      "redpandacloud:allowDeletion": "true",
    };
    const profile = process.env.REDPANDA_BENCH_PROFILE;
    const plugin = yamlStack(`plg${n}`, resources(n, url, "plg-"), config, released);
    if (profile) plugin.profile(profile);
    const floor = yamlStack(`noop${n}`, resources(n, url, "noop-"), config, noop);
    const reader = yamlStack(`flr${n}`, resources(n, url, "flr-"), config, contract);
    const dynamic = tempStack(`dyn${n}`, oursProgram(resources(n, url, "dyn-")), {
      "redpanda:apiUrl": emu.url,
      "redpanda:accessToken": TOKEN,
    });
    stacks.push(plugin, floor, reader, dynamic);
    const rows = [];
    for (const step of STEPS) {
      const row = {
        step: step.name,
        runs: step.runs,
        loadAvg1m: Number(os.loadavg()[0].toFixed(2)),
      };
      // A no-change up makes no request: the floor is the no-op there.
      const withFloor = step.name !== "no-change up";
      const runs = { noop: [], plugin: [], dynamic: [], ...(withFloor ? { contract: [] } : {}) };
      for (let i = 0; i < step.runs; i++) {
        const order = i % 2 === 0 ? ["noop", "plugin"] : ["plugin", "noop"];
        if (withFloor) order.splice(1, 0, "contract");
        for (const which of [...order, "dynamic"]) {
          const s = { noop: floor, plugin, dynamic, contract: reader }[which];
          const objects = count();
          runs[which].push(await measured(s.bin, step.args, s.dir, s.env));
          // The no-op makes no object; what the plugin's first run made or deleted.
          if (which === "plugin" && i === 0) row.pluginObjects = count() - objects;
        }
      }
      for (const which of Object.keys(runs)) row[which] = medianRun(runs[which]);
      row.ratio = Number((row.plugin.seconds / row.noop.seconds).toFixed(3));
      // Each run's plugin over the no-op beside it (same load): how far one pair strays.
      row.pairRatios = runs.plugin.map((p, i) =>
        Number((p.seconds / runs.noop[i].seconds).toFixed(3)),
      );
      row.cpuRatio = Number((row.plugin.cpuSeconds / row.noop.cpuSeconds).toFixed(3));
      row.dynamicRatio = Number((row.dynamic.seconds / row.noop.seconds).toFixed(3));
      if (withFloor) {
        row.contractToNoop = Number((row.contract.seconds / row.noop.seconds).toFixed(3));
        row.pluginToContract = Number((row.plugin.seconds / row.contract.seconds).toFixed(3));
      }
      console.error(`[bench] ${step.name}: ${JSON.stringify(row)}`);
      rows.push(row);
    }
    return { resources: n, rows, left: count() };
  } finally {
    for (const s of stacks) s.cleanup();
    fs.rmSync(path.dirname(released.archive), { recursive: true, force: true });
    fs.rmSync(noop.archive, { force: true });
    fs.rmSync(contract.archive, { force: true });
    await emu.close();
  }
}

/**
 * run.mjs's rows for a result of benchPluginVsDynamic and one of plugin-start.mjs's
 * benchPluginStart, with when and under what load they ran (`ran`: { at, loadAvg1m }).
 */
export function pluginResults(r, start, ran) {
  const rows = r.rows.map((row) => ({
    measure: `plugin at scale: ${row.step} of N = ${r.resources} data-plane resources, the plugin vs a no-op plugin (YAML), dynamic providers (Node) beside${row.runs > 1 ? ` (median of ${row.runs})` : ""}`,
    figures: {
      runs: row.runs,
      pluginSeconds: row.plugin.seconds,
      noopSeconds: row.noop.seconds,
      ratio: row.ratio,
      ...(row.runs > 1 ? { pairRatios: row.pairRatios } : {}),
      pluginCpu: row.plugin.cpu,
      noopCpu: row.noop.cpu,
      cpuRatio: row.cpuRatio,
      dynamicSeconds: row.dynamic.seconds,
      dynamicToNoop: row.dynamicRatio,
      pluginPeakRssMb: row.plugin.peakRssMb,
      noopPeakRssMb: row.noop.peakRssMb,
      dynamicPeakRssMb: row.dynamic.peakRssMb,
      ...(row.contract
        ? {
            contractFloorSeconds: row.contract.seconds,
            contractFloorCpu: row.contract.cpu,
            contractFloorToNoop: row.contractToNoop,
            pluginToContractFloor: row.pluginToContract,
          }
        : {}),
      pluginObjectsChanged: row.pluginObjects,
      loadAvg1m: row.loadAvg1m,
      ...(row.step === "destroy" ? { leftInEmulator: r.left } : {}),
    },
    ...targetOf(row),
    ran,
  }));
  rows.push({
    measure: `plugin start (the release's bundle): launch to port printed, GetPluginInfo and GetSchema answered, CPU used to GetSchema (median of ${start.runs})`,
    figures: start,
    target: "GetSchema <= 300 ms on an idle machine",
    met: ran.loadAvg1m < 1 ? start.getSchemaMs <= 300 : undefined,
    ran,
  });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchPluginVsDynamic(Number(process.argv[2]) || 2000), null, 2));
}
