/**
 * Generates the reference pages, docs/reference/<Name>.md for every resource and function of the
 * provider plugin's schema (sdk/schema.json) and docs/reference/README.md, their index. Pulumi's
 * own docs generator writes pages for the Registry's Hugo site, not for GitHub (docs/development.md,
 * "Reference pages"), so this one writes the same sections as plain Markdown.
 *
 *   npm run codegen                # write them (after schema.ts has written the schema)
 *   npm run codegen -- --check     # fail if a checked-in page disagrees (the unit tests do this)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import { writeChanged } from "../codegen/write-changed";
import { dynamicExamples } from "./dynamic";
import { REFERENCE_DIR, renderPages } from "./pages";
import type { PackageSpec } from "./schema-types";

const REPO = path.resolve(__dirname, "..", "..");
/** Every page, formatted as `npm run format` would (the lint checks docs/ with prettier). */
export async function renderAll(root = REPO): Promise<Map<string, string>> {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(root, "sdk", "schema.json"), "utf8"),
  ) as PackageSpec;
  const options = (await prettier.resolveConfig(path.join(root, REFERENCE_DIR, "x.md"))) ?? {};
  const out = new Map<string, string>();
  for (const [file, text] of renderPages(pkg, dynamicExamples(root))) {
    out.set(file, await prettier.format(`${text}\n`, { ...options, filepath: file }));
  }
  return out;
}

/** The pages that differ from the checked-in ones, and checked-in pages no longer generated. */
export async function stalePages(root = REPO): Promise<string[]> {
  const expected = await renderAll(root);
  const stale: string[] = [];
  for (const [file, text] of expected) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) stale.push(`${file} is missing (run npm run codegen)`);
    else if (fs.readFileSync(full, "utf8") !== text) {
      stale.push(`${file} disagrees with sdk/schema.json (run npm run codegen)`);
    }
  }
  const dir = path.join(root, REFERENCE_DIR);
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const file = path.join(REFERENCE_DIR, f);
    if (!expected.has(file)) stale.push(`${file} is not generated any more (delete it)`);
  }
  return stale;
}

/** Writes the pages that differ; returns the paths written. */
export async function writePages(root = REPO): Promise<string[]> {
  fs.mkdirSync(path.join(root, REFERENCE_DIR), { recursive: true });
  return writeChanged(root, await renderAll(root));
}

async function main(): Promise<void> {
  if (process.argv.includes("--check")) {
    const stale = await stalePages();
    for (const s of stale) console.error(s);
    process.exit(stale.length ? 1 : 0);
  }
  for (const file of await writePages()) console.log(`wrote ${file}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
