// Runs every benchmark in one process, side by side, and writes bench/results.json (one object per
// measure: figures and target) and bench/RESULTS.md (a table). Run with `npm run bench`.
import * as fs from "node:fs";
import * as os from "node:os";
import { benchEmulator } from "./emulator.mjs";
import { benchState } from "./state.mjs";
import { benchTopics } from "./topics.mjs";

const results = [];
const emulator = await benchEmulator();
results.push({
  measure: "emulator GET /v1/resource-groups/{id}",
  figures: emulator.get,
  target: "informational (no target set)",
});
results.push({
  measure: "emulator POST /v1/resource-groups",
  figures: emulator.create,
  target: "informational (no target set)",
});

const topics = await benchTopics(200);
results.push({
  measure: "pulumi up: 1 Dedicated cluster + 200 topics (emulator speed 0.01)",
  figures: topics,
  target: "completes with 200 topics created (data-plane issue); time recorded",
});

const state = await benchState();
results.push({
  measure:
    "state footprint of one Topic: ours / no-op dynamic provider / naive (axios + zod captured)",
  figures: {
    oursProviderBytes: state.ours.providerBytes,
    oursEntryBytes: state.ours.entryBytes,
    noopProviderBytes: state.noop.providerBytes,
    noopEntryBytes: state.noop.entryBytes,
    naiveInstance: state.naiveInstance.created
      ? `${state.naiveInstance.providerBytes} B`
      : "does not serialize",
    naiveModule: state.naiveModule.created
      ? `${state.naiveModule.providerBytes} B`
      : "does not serialize",
  },
  target: "__provider <= 2048 bytes",
});

const machine = {
  node: process.version,
  cpus: os.cpus().length,
  platform: `${os.platform()} ${os.arch()}`,
};
fs.writeFileSync(
  new URL("./results.json", import.meta.url),
  `${JSON.stringify({ machine, results }, null, 2)}\n`,
);
const describe = (f) =>
  "rps" in f
    ? `${f.rps} req/s (${f.requests} in ${f.seconds} s, ${f.failed} failed)`
    : Object.entries(f)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
const rows = results.map((r) => `| ${r.measure} | ${describe(r.figures)} | ${r.target} |`);
fs.writeFileSync(
  new URL("./RESULTS.md", import.meta.url),
  `# Benchmark results\n\nMachine: ${machine.cpus} cores, ${machine.platform}, Node ${machine.node}; emulator load from ${emulator.concurrency} concurrent clients.\n\n| Measure | Result | Target |\n|---|---|---|\n${rows.join("\n")}\n`,
);
console.log(rows.join("\n"));
