// Runs every benchmark in one process, side by side, and writes bench/results.json (one object per
// measure: figures and target) and bench/RESULTS.md (a table). Run with `npm run bench`.
import * as fs from "node:fs";
import * as os from "node:os";
import { benchEmulator } from "./emulator.mjs";

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

const machine = {
  node: process.version,
  cpus: os.cpus().length,
  platform: `${os.platform()} ${os.arch()}`,
};
fs.writeFileSync(
  new URL("./results.json", import.meta.url),
  `${JSON.stringify({ machine, results }, null, 2)}\n`,
);
const rows = results.map(
  (r) =>
    `| ${r.measure} | ${r.figures.rps} req/s (${r.figures.requests} in ${r.figures.seconds} s, ${r.figures.failed} failed) | ${r.target} |`,
);
fs.writeFileSync(
  new URL("./RESULTS.md", import.meta.url),
  `# Benchmark results\n\nMachine: ${machine.cpus} cores, ${machine.platform}, Node ${machine.node}; concurrency ${emulator.concurrency}.\n\n| Measure | Result | Target |\n|---|---|---|\n${rows.join("\n")}\n`,
);
console.log(rows.join("\n"));
