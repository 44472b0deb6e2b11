// Runs every benchmark in one process, side by side, and writes bench/results.json (one object per
// measure: figures, target and whether it was met) and bench/RESULTS.md (a table). `npm run bench`.
// Ratios, not absolute times: each comparison runs its pair back to back on this machine.
import * as fs from "node:fs";
import * as os from "node:os";
import { benchDiscover } from "./discover.mjs";
import { benchEmulator } from "./emulator.mjs";
import { benchEnvironment } from "./environment.mjs";
import { benchFootprint } from "./footprint.mjs";
import { benchKafka } from "./kafka.mjs";
import { benchLoad, benchRefreshRate } from "./load.mjs";
import { benchOverhead } from "./overhead.mjs";
import { benchPluginStart } from "./plugin-start.mjs";
import { releasedLauncher } from "./plugin-stacks.mjs";
import { benchPluginVsDynamic, pluginResults } from "./plugin-vs-dynamic.mjs";
import { benchScale } from "./scale.mjs";
import { benchState } from "./state.mjs";
import { benchWaits } from "./waits.mjs";
import { nextPollDelay } from "../dist/provider/retry/when.js";
import schedules from "./schedules.cjs";

const { pollTimesUntil } = schedules;

// `npm run bench -- waits load` runs some measures; `-- render` only rewrites RESULTS.md.
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
const results = [];
const add = (r) => {
  results.push(r);
  console.log(
    `${r.met === undefined ? "·" : r.met ? "✓" : "✗"} ${r.measure}: ${describe(r.figures)}`,
  );
};

function describe(f) {
  return Object.entries(f)
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`)
    .join(", ");
}

if (wanted("footprint")) {
  const state = await benchState();
  const naive = (x) => (x.created ? `${x.providerBytes} B` : "does not serialize");
  add({
    measure: "state footprint of one Topic: ours / no-op / naive (axios + zod in the closure)",
    figures: {
      oursProviderBytes: state.ours.providerBytes,
      oursEntryBytes: state.ours.entryBytes,
      noopProviderBytes: state.noop.providerBytes,
      noopEntryBytes: state.noop.entryBytes,
      naiveAxiosInstance: naive(state.naiveInstance),
      naiveAxiosModule: naive(state.naiveModule),
    },
    target: "__provider <= 2048 bytes",
    met: state.ours.providerBytes <= 2048,
  });
  for (const row of await benchFootprint()) {
    add({
      measure: `state footprint per kind: ${row.kind}`,
      figures: {
        oursProviderBytes: row.oursProviderBytes,
        oursEntryBytes: row.oursEntryBytes,
        noopProviderBytes: row.noopProviderBytes,
        noopEntryBytes: row.noopEntryBytes,
      },
      target: "__provider <= 2048 bytes",
      met: row.oursProviderBytes <= 2048,
    });
  }
}

if (wanted("overhead")) {
  const rows = await benchOverhead([50, 200, 600]);
  for (const row of rows) {
    add({
      measure: `engine overhead: pulumi up of N = ${row.n} data-plane resources vs N no-op resources`,
      figures: row,
      target: row.n === 200 ? "ratio <= 1.3 at N = 200" : "reported (growth with N)",
      met: row.n === 200 ? row.ratio <= 1.3 : undefined,
    });
  }
}

if (wanted("waits")) {
  for (const w of await benchWaits([1, 5, 30])) {
    add({
      measure: `operation wait of ${w.seconds} s: detection latency, ours (polls) vs Terraform's schedule`,
      figures: {
        oursLatencyMs: w.ours.latencyMs,
        oursPolls: w.ours.polls,
        terraformLatencyMs: w.terraform.latencyMs,
        terraformPolls: w.terraform.polls,
        allowedLatencyMs: w.allowedMs,
      },
      target: "latency <= max(0.5 s, 5 % of elapsed)",
      met: w.ours.latencyMs <= w.allowedMs,
    });
  }
  // The polling-cost target that can hold beside the latency one: computed from the schedule
  // itself (a real 60-minute wait is not run), as the unit test does.
  const hour = 3_600_000;
  const times = pollTimesUntil(hour, (elapsed) => nextPollDelay(elapsed));
  const meanIntervalS = Math.round(times[times.length - 1] / times.length / 100) / 10;
  add({
    measure: "polling cost of a 60-minute operation (the schedule, computed)",
    figures: { polls: times.length, meanIntervalS },
    target: "mean poll interval >= 10 s",
    met: meanIntervalS >= 10,
  });
}

if (wanted("environment")) {
  const env = await benchEnvironment();
  add({
    measure: `full environment (group, network, cluster, ${env.resources - 3} data-plane resources) vs critical path + engine floor`,
    figures: env,
    target: "ratio <= 1.1",
    met: env.ratio <= 1.1,
  });
}

if (wanted("load")) {
  const load = await benchLoad(600, 50);
  add({
    measure: "load: pulumi up of 600 data-plane resources, emulator limited to 50 requests/s",
    figures: load,
    target: "every resource created, 0 failures",
    met: load.created === load.resources && load.failed === 0,
  });
}

if (wanted("scale")) {
  const scale = await benchScale(2000);
  for (const step of scale.steps) {
    add({
      measure: `scale: ${step.step} of N = ${scale.n} data-plane resources vs N no-op resources`,
      figures: step,
      // A refresh's target is the contract's floor (the next row): the no-op sends nothing.
      ...(step.floorSeconds === undefined
        ? { target: "ratio <= 1.1", met: step.ratio <= 1.1 }
        : { target: "reported (the target is the contract's floor, next row)", met: undefined }),
    });
    if (step.floorSeconds !== undefined) {
      // The no-op's refresh sends nothing; the API needs one request per topic to see its configs.
      add({
        measure: `scale: ${step.step} of N = ${scale.n} vs the contract's floor (no-op resources whose read makes the one GET per topic the API needs, with Node's http)`,
        figures: {
          oursSeconds: step.oursSeconds,
          floorSeconds: step.floorSeconds,
          noopSeconds: step.noopSeconds,
          oursToFloor: step.oursToFloor,
          floorToNoop: step.floorRatio,
        },
        target: "ours <= 1.1 x floor",
        met: step.oursToFloor <= 1.1,
      });
    }
  }
  add({
    measure: `scale: peak resident memory of the provider process over those five commands`,
    figures: { peakRssMb: scale.peakRssMb, leftAfterDestroy: scale.leftAfterDestroy },
    target: "<= 250 MB",
    met: scale.peakRssMb > 0 && scale.peakRssMb <= 250 && scale.leftAfterDestroy === 0,
  });
}

if (wanted("rate")) {
  const r = await benchRefreshRate(600, 25);
  const on = r.runs["adaptive@25"];
  const noHeader = r.runs["adaptive-no-header@25"];
  const off = r.runs["off@25"];
  const free = r.runs["adaptive@none"];
  const freeOff = r.runs["off@none"];
  // Time: the median of three refreshes, judged by the span from the first answer to the last
  // (what the rate decides; the wall time, engine start-up included, is reported beside it);
  // 429s: the worst of the three.
  const meets = (run) =>
    run.max429 / run.requests <= 0.02 && run.spanSeconds <= (1.1 * run.requests) / r.rpsLimit;
  add({
    measure:
      "rate: pulumi refresh of 600 data-plane resources under 25 requests/s answered with the quota header (ratelimit: limit,remaining,reset), adaptive rate vs off, median of 3 (the two alternating)",
    figures: { adaptive: on, off },
    target:
      "adaptive: 429s <= 2 % of requests (worst of 3), first-to-last-request span <= 1.1 x requests / limit",
    met: meets(on),
  });
  add({
    measure:
      "rate: the same refresh when no quota header reaches the client (429 and Retry-After only)",
    figures: { adaptive: noHeader },
    target:
      "adaptive: 429s <= 2 % of requests (worst of 3), first-to-last-request span <= 1.1 x requests / limit",
    met: meets(noHeader),
  });
  add({
    measure:
      "rate: the same refresh with no server limit, adaptive rate vs off, median of 3 (the two alternating)",
    figures: { adaptive: free, off: freeOff },
    target: "adaptive no slower than off (<= 1.1 x, same run)",
    met: free.seconds <= 1.1 * freeOff.seconds,
  });
}

if (wanted("emulator")) {
  const emulator = await benchEmulator();
  add({
    measure: `emulator GET /v1/resource-groups/{id} (${emulator.concurrency} concurrent clients)`,
    figures: emulator.get,
    target: "reported (no target set)",
  });
  add({
    measure: `emulator POST /v1/resource-groups (${emulator.concurrency} concurrent clients)`,
    figures: emulator.create,
    target: "reported (no target set)",
  });
}

if (wanted("kafka")) {
  const k = await benchKafka();
  add({
    measure: `emulator Kafka API: broker start and memory (${k.clusters} emulated clusters)`,
    figures: { startMs: k.startMs, rssMiB: k.rssMiB },
    target: "reported (no target set)",
  });
  add({
    measure: `emulator Kafka API: ${k.records} records through SCRAM + ACLs (@platformatic/kafka)`,
    figures: { produce: k.produce, consume: k.consume },
    target: "reported (no target set)",
  });
  add({
    measure: "emulator data-plane topic create: backed by the broker vs in memory (ms each)",
    figures: k.topicCreateMs,
    target: "reported (no target set)",
  });
}

if (wanted("discover")) {
  const d = await benchDiscover();
  const { topics, users, acls } = d.sizes;
  add({
    measure: `discover: redpanda-cloud-discover of one cluster holding ${topics} topics, ${users} users and ${acls} ACLs (zero-latency emulator)`,
    figures: {
      seconds: d.discovery.seconds,
      resources: d.discovery.resources,
      requests: d.discovery.requests,
      writes: d.discovery.writes,
      loadAvg1m: d.loadAvg1m,
    },
    target: "paged list calls, not one per object: <= 50 requests, all GET",
    met: d.discovery.requests <= 50 && d.discovery.writes === 0,
  });
  const seconds = (r) => `${r.seconds} s (${r.imported} imported, ${r.requests} requests)`;
  add({
    measure: `discover: pulumi import --file of those ${d.discovery.resources} resources into a YAML project (plugin), code generated (--out), as users run it / with PULUMI_SKIP_CHECKPOINTS=true / that without code generation`,
    figures: {
      asUsersRunIt: seconds(d.import.asUsersRunIt),
      skipCheckpoints: seconds(d.import.skipCheckpoints),
      skipCheckpointsNoCode: seconds(d.import.skipCheckpointsNoCode),
      loadAvg1m: d.loadAvg1m,
    },
    target: "reported (where the time goes: docs/adopt.md)",
  });
}

if (wanted("plugin")) {
  // When and under what load (the machine may be shared): the section prints it.
  const ran = { at: new Date().toISOString(), loadAvg1m: Number(os.loadavg()[0].toFixed(2)) };
  const scale = await benchPluginVsDynamic(2000);
  const released = releasedLauncher();
  const start = await benchPluginStart(7, () => {}, released.launcher);
  released.cleanup();
  for (const r of pluginResults(scale, start, ran)) add(r);
}

const machine = {
  node: process.version,
  cpus: os.cpus().length,
  platform: `${os.platform()} ${os.arch()}`,
  date: new Date().toISOString(),
};
// A partial run (`npm run bench -- waits`) replaces its own measures and keeps the others.
const resultsFile = new URL("./results.json", import.meta.url);
if (only.length > 0 && fs.existsSync(resultsFile)) {
  const previous = JSON.parse(fs.readFileSync(resultsFile, "utf8")).results ?? [];
  const fresh = new Set(results.map((r) => r.measure));
  // Rows of a measure that ran now are replaced whole (their names may have changed since).
  const prefixes = {
    waits: "operation wait of",
    rate: "rate:",
    scale: "scale:",
    plugin: "plugin",
    discover: "discover:",
  };
  const reran = (r) =>
    Object.entries(prefixes).some(([name, prefix]) => wanted(name) && r.measure.startsWith(prefix));
  results.unshift(...previous.filter((r) => !fresh.has(r.measure) && !reran(r)));
}
fs.writeFileSync(resultsFile, `${JSON.stringify({ machine, results }, null, 2)}\n`);
const verdict = (r) => (r.met === undefined ? "—" : r.met ? "met" : "**not met**");
const row = (r) => `| ${r.measure} | ${describe(r.figures)} | ${r.target} | ${verdict(r)} |`;
const head = "| Measure | Result | Target | Verdict |\n|---|---|---|---|\n";
// The plugin's figures (issue 30) in a section of their own, after the rest.
const isPlugin = (r) => r.measure.startsWith("plugin");
const rows = results.filter((r) => !isPlugin(r)).map(row);
const pluginRows = results.filter(isPlugin).map(row);
const pluginRan = results.find(isPlugin)?.ran;
const pluginSection = pluginRows.length
  ? `\n## The provider plugin at scale, and its start\n\nMeasured ${pluginRan?.at ?? "(date not recorded)"} on ${machine.cpus} cores, ${machine.platform}, Node ${machine.node}; 1-minute load average ${pluginRan?.loadAvg1m ?? "?"} at the start and per step in the figures (the machine is shared: absolute times vary; each step runs the three back to back, the short ones five times with the no-op and the plugin alternating first, medians kept, and each run's plugin-to-no-op ratio listed as \`pairRatios\`). N data-plane resources (half topics, a third users, the rest ACLs) on one cluster of one zero-latency emulator: a YAML program through the plugin as released (the bundle, installed with \`pulumi plugin install --file\`), the same program through a no-op plugin (bench/noop-plugin.cjs: the same gRPC library, stubs, schema and packing, no API behind it; its Check returns the schema's secret inputs as secrets, as any provider must, so the engine's secret handling is on both sides), and a Node program through the dynamic providers; at up, refresh and destroy also the no-op built as the contract's floor, on objects of its own (its creates, reads and deletes make the requests the vendor's API needs — one POST or DELETE per object; at refresh one GET of each topic's configurations, the API having no call for many, and one list each of topics, users and ACLs — with Node's http and no library: what any provider that calls the API pays beyond the no-op); same pinned CLI, file:// backends, the CLI's default parallelism. Peak RSS is summed over the \`pulumi\` process and its descendants (engine, language host, providers), sampled every 100 ms; CPU seconds are each process's own, by role (engine, language host, provider, and the emulator: the bench's own process, which also samples /proc), which load does not stretch: the fairer figure on a shared machine. The start row runs the release's bundle unpacked; its target holds on an idle machine (load average below 1), so on a busy one it is reported with the CPU time the plugin used, which load does not stretch. \`node bench/plugin-vs-dynamic.mjs [N]\`, \`node bench/plugin-start.mjs [LAUNCHER]\`, or \`npm run bench -- plugin\`.\n\n${head}${pluginRows.join("\n")}\n`
  : "";
fs.writeFileSync(
  new URL("./RESULTS.md", import.meta.url),
  `# Benchmark results\n\nMachine: ${machine.cpus} cores, ${machine.platform}, Node ${machine.node}, ${machine.date}. Reproduce with \`npm run bench\` (or \`npm run bench -- overhead waits\` for some).\n\n${head}${rows.join("\n")}\n${pluginSection}`,
);
