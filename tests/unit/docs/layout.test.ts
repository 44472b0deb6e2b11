// docs/development.md's "Code layout" is checked against the tree: every top-level folder of the
// repository, and every folder directly inside the source folders (provider/, emulator/, scripts/,
// tests/, bench/), is named in the layout's tree, and every folder the tree names exists. A folder
// added without a line there, or renamed, fails here.
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
/** Folders whose direct subfolders the layout must show. */
const SOURCE_FOLDERS = ["provider", "emulator", "scripts", "tests", "bench"];
/** Build output (the policy pack npm run build writes at the root) and installs: git-ignored, never part of the layout. */
const NOT_SOURCE = new Set(["node_modules", "dist", "coverage", "policy"]);

function folders(rel: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, rel), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && !NOT_SOURCE.has(e.name))
    .map((e) => (rel === "" ? e.name : `${rel}/${e.name}`));
}

/** The fenced block that follows the "## Code layout" heading. */
function layoutBlock(markdown: string): string {
  const section = markdown.split(/^## Code layout$/m)[1];
  const block = section === undefined ? undefined : /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('docs/development.md has no "## Code layout" tree');
  return block;
}

/**
 * The folders a tree names. A line is `<indent><entries>  <description>`: two spaces of indent per
 * level below the last folder entry; entries before the first run of two spaces, comma-separated
 * (`unit/, e2e/`); an entry's folders are its path segments (`resources/base.ts` names
 * `resources/`). Description-only lines (deeper indent, after a gap) name nothing.
 */
function namedFolders(tree: string): Set<string> {
  const named = new Set<string>();
  const parents: string[] = [];
  for (const line of tree.split("\n")) {
    const m = /^( *)(\S.*?)(?: {2,}.*)?$/.exec(line);
    if (!m) continue;
    const level = m[1]!.length / 2;
    if (!Number.isInteger(level) || level > parents.length) continue;
    parents.length = level;
    let deepest: string | undefined;
    for (const entry of m[2]!.split(/,\s*/)) {
      const segments = entry.split("/");
      const dirs = segments.slice(0, -1);
      let at = parents.join("/");
      for (const d of dirs) {
        at = at === "" ? d : `${at}/${d}`;
        named.add(at);
      }
      if (entry.endsWith("/") && dirs.length === 1) deepest = at;
    }
    if (deepest !== undefined) parents.push(deepest.split("/").pop()!);
  }
  return named;
}

const tree = layoutBlock(fs.readFileSync(path.join(ROOT, "docs", "development.md"), "utf8"));
const named = namedFolders(tree);

it("names every top-level folder and every folder directly inside the source folders", () => {
  const expected = [...folders(""), ...SOURCE_FOLDERS.flatMap(folders)];
  expect(expected.filter((f) => !named.has(f))).toEqual([]);
});

it("names no folder that does not exist", () => {
  expect([...named].filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
});

it("reads a tree as the layout writes it", () => {
  const sample = [
    "provider/",
    "  kinds/",
    "    topic/              one folder per kind",
    "      kind.ts           the declaration",
    "  resources/base.ts     shared by the classes",
    "  lookups.ts, schema-form/, enums.ts",
    "emulator/              the stand-in: hooks/ in the description names nothing",
    "                       a description's second line",
    "examples/, sdk/        two at once",
  ].join("\n");
  expect([...namedFolders(sample)].sort()).toEqual([
    "emulator",
    "examples",
    "provider",
    "provider/kinds",
    "provider/kinds/topic",
    "provider/resources",
    "provider/schema-form",
    "sdk",
  ]);
});
