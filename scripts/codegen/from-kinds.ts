/**
 * The last step of `npm run codegen`: writes, or with `--check` verifies, everything generated from
 * the kind declarations — the resource modules and docs (./resources.ts) and the plugin's package
 * schema, sdk/schema.json (./schema.ts). The SDKs follow from the schema: `npm run sdk`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO, renderAll, staleFiles } from "./resources";
import { SCHEMA_FILE, renderSchema, staleSchema } from "./schema";

async function main(): Promise<void> {
  if (process.argv.includes("--check")) {
    const stale = [...(await staleFiles()), staleSchema()].filter((s) => s !== undefined);
    for (const s of stale) console.error(s);
    process.exit(stale.length ? 1 : 0);
  }
  const files = await renderAll();
  files.set(SCHEMA_FILE, renderSchema());
  for (const [file, text] of files) {
    const full = path.join(REPO, file);
    if (fs.existsSync(full) && fs.readFileSync(full, "utf8") === text) continue;
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    console.log(`wrote ${file}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
