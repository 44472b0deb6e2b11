#!/usr/bin/env node
// The repository's entry to the migration command (the package ships it as the bin
// `redpanda-cloud-migrate-to-plugin`): runs the built CLI, dist/provider/migrate/cli.js.
// Usage and steps: docs/plugin-migration.md. `npm run migrate-to-plugin -- <export.json> ...`
// builds first.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../dist/provider/migrate/cli.js", import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write("dist/ is missing: run `npm run build` first\n");
  process.exit(1);
}
createRequire(import.meta.url)(cli);
