// Scale: N = 2,000 data-plane resources (half topics, a third users, the rest ACLs) through `up`, a
// no-change `up`, `refresh`, an `up` after that refresh and `destroy`, each timed against N no-op
// dynamic resources with the same inputs in the same run (the engine's floor; no-change `up` and
// `refresh` the median of 5, the pair alternating which goes first, each pair's ratio kept as
// `pairRatios`; the refresh also against the contract's floor, overhead.mjs), and the
// peak resident memory of this package's provider process (VmHWM, sampled from /proc while each
// command runs).
import * as fs from "node:fs";
import { startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";
import { floorProgram, noopProgram, oursProgram, readyCluster, resources } from "./overhead.mjs";

const TOKEN = "bench";

/** Peak RSS in MB of dynamic-provider processes running in `dir`, sampled until stopped. */
function rssSampler(dir) {
  let peak = 0;
  const sample = () => {
    for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/cwd`) !== dir) continue;
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (!/dynamic-provider|pulumi-resource-pulumi-nodejs/.test(cmd)) continue;
        const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      } catch {
        // the process ended between listing and reading
      }
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return Math.round(peak);
  };
}

export async function benchScale(n = 2000) {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0 });
  try {
    const url = await readyCluster(emu);
    const list = resources(n, url, "s-");
    const ours = tempStack(`scale${n}`, oursProgram(list), {
      "redpanda:apiUrl": emu.url,
      "redpanda:accessToken": TOKEN,
    });
    const noop = tempStack(`scalenoop${n}`, noopProgram(list), {});
    const floor = tempStack(`scalefloor${n}`, floorProgram(list, TOKEN), {});
    try {
      const steps = [];
      let peakRssMb = 0;
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      // Steps that change nothing can be repeated: the median of five, pairs alternating, so a
      // burst of load on this shared machine does not decide the ratio. `up` and `destroy` run once.
      // "up after refresh" follows the refreshes, so both stacks' states are as a refresh left them
      // (what `pulumi up --refresh` also meets): a refresh that stored anything but the declared
      // inputs made every resource's same-step rewrite the whole checkpoint (117 s vs 9 s).
      for (const [label, op, times] of [
        ["up", "up", 1],
        ["no-change up", "up", 5],
        ["refresh", "refresh", 5],
        ["up after refresh", "up", 1],
        ["destroy", "destroy", 1],
      ]) {
        // The refresh is also timed on the contract's floor (overhead.mjs), in the same rounds.
        const withFloor = op === "refresh";
        const oursRuns = [];
        const noopRuns = [];
        const floorRuns = [];
        const timeOurs = async () => {
          const stop = rssSampler(ours.dir);
          oursRuns.push(await ours.time(op));
          peakRssMb = Math.max(peakRssMb, stop());
        };
        for (let i = 0; i < times; i++) {
          // Odd rounds run the no-op first: whichever goes first meets the machine as the last
          // command left it.
          if (i % 2 === 1) noopRuns.push(await noop.time(op));
          await timeOurs();
          if (withFloor) floorRuns.push(await floor.time(op));
          if (i % 2 === 0) noopRuns.push(await noop.time(op));
        }
        const oursSeconds = median(oursRuns);
        const noopSeconds = median(noopRuns);
        const floorSeconds = withFloor ? median(floorRuns) : undefined;
        steps.push({
          step: label,
          oursSeconds: Number(oursSeconds.toFixed(1)),
          noopSeconds: Number(noopSeconds.toFixed(1)),
          ratio: Number((oursSeconds / noopSeconds).toFixed(2)),
          ...(times > 1
            ? { pairRatios: oursRuns.map((s, i) => Number((s / noopRuns[i]).toFixed(3))) }
            : {}),
          ...(floorSeconds === undefined
            ? {}
            : {
                floorSeconds: Number(floorSeconds.toFixed(1)),
                floorRatio: Number((floorSeconds / noopSeconds).toFixed(2)),
                oursToFloor: Number((oursSeconds / floorSeconds).toFixed(2)),
              }),
        });
        // The floor reads the topics the ours stack created: it is made once they exist. It
        // creates nothing in the emulator, so it is never destroyed, only removed with its dir.
        if (label === "up") await floor.time("up");
      }
      const inv = emu.inventory();
      const left = Object.values(inv.dataplanes).reduce(
        (k, d) => k + d.topics.length + d.users.length,
        0,
      );
      return { n, steps, peakRssMb, leftAfterDestroy: left };
    } finally {
      ours.cleanup();
      noop.cleanup();
      floor.cleanup();
    }
  } finally {
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchScale(Number(process.argv[2]) || undefined), null, 2));
}
