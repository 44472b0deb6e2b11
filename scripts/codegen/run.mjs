#!/usr/bin/env node
// `npm run codegen [-- --check]`: every generator, in order, each in its own process and each
// given the same arguments (so `--check` reaches all of them). wire.ts goes first: it writes
// provider/wire/ from contract/, and resources.ts reads the nested schemas it writes; the
// reference pages (../refdocs/generate.ts) come last, from the sdk/schema.json schema.ts writes. With
// `--check` all run and the exit code says whether any file disagrees; without, the first
// failure stops the run.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tsNode = createRequire(import.meta.url).resolve("ts-node/dist/bin.js");
const args = process.argv.slice(2);
const check = args.includes("--check");
let failed = 0;
for (const generator of ["wire.ts", "resources.ts", "schema.ts", "../refdocs/generate.ts"]) {
  const run = spawnSync(
    process.execPath,
    [tsNode, "--transpile-only", path.join(here, generator), ...args],
    { stdio: "inherit" },
  );
  if (run.status === 0) continue;
  failed += 1;
  if (!check) break;
}
process.exit(failed ? 1 : 0);
