// The reference pages (docs/reference/, scripts/refdocs/): the committed pages are what the
// generator writes from sdk/schema.json; a description in Pulumi's examples format (as in
// pulumi-random's schema) renders a heading per language and its Import section; the names a page
// gives in each language are the generated SDKs' names; and docs/resources.md, the index the
// README links, keeps every line within 200 characters.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseDescription } from "../../../scripts/refdocs/description";
import { csharpName, goFunctionName, pythonName, tokenName } from "../../../scripts/refdocs/names";
import { renderPages } from "../../../scripts/refdocs/pages";
import type { PackageSpec } from "../../../scripts/refdocs/schema-types";

jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, "..", "..", "..");
const read = (...p: string[]) => fs.readFileSync(path.join(REPO, ...p), "utf8");
const SCHEMA = JSON.parse(read("sdk", "schema.json")) as PackageSpec;

/** A description as Pulumi's schemas carry examples: shortcodes, a title, a block per language. */
const WITH_EXAMPLES = [
  "A Kafka topic.",
  "",
  "{{% examples %}}",
  "## Example Usage",
  "{{% example %}}",
  "### A topic on a cluster",
  "",
  "```typescript",
  'new redpandacloud.Topic("orders", { dataplaneApiUrl, name: "orders" });',
  "```",
  "```python",
  'redpandacloud.Topic("orders", dataplane_api_url=url, name="orders")',
  "```",
  "```go",
  'redpandacloud.NewTopic(ctx, "orders", &redpandacloud.TopicArgs{})',
  "```",
  "```csharp",
  'new Redpandacloud.Topic("orders", new() { Name = "orders" });',
  "```",
  "```java",
  'new Topic("orders", TopicArgs.builder().name("orders").build());',
  "```",
  "```yaml",
  "resources:",
  "  orders:",
  "    type: redpandacloud:index:Topic",
  "```",
  "{{% /example %}}",
  "{{% /examples %}}",
  "",
  "## Import",
  "",
  "A topic is imported by its cluster's id and its name:",
  "",
  "```sh",
  "$ pulumi import redpandacloud:index:Topic orders c0ffee/orders",
  "```",
].join("\n");

it("parses Pulumi's examples format: title, a program per language, and the Import section", () => {
  const d = parseDescription(WITH_EXAMPLES);
  expect(d.summary).toBe("A Kafka topic.");
  expect(d.examples).toHaveLength(1);
  expect(d.examples[0]!.title).toBe("A topic on a cluster");
  expect(Object.keys(d.examples[0]!.code)).toEqual([
    "typescript",
    "python",
    "go",
    "csharp",
    "java",
    "yaml",
  ]);
  expect(d.examples[0]!.code.python).toBe(
    'redpandacloud.Topic("orders", dataplane_api_url=url, name="orders")',
  );
  expect(d.importText).toMatch(/^A topic is imported by[\s\S]*c0ffee\/orders\n```$/);
});

it("parses the newer PulumiCodeChooser form (no shortcodes, no title)", () => {
  const d = parseDescription(
    "Random bytes.\n\n## Example Usage\n\n<!--Start PulumiCodeChooser -->\n```typescript\nconst a = 1;\n```\n" +
      "```python\na = 1\n```\n<!--End PulumiCodeChooser -->\n\n## Import\n\nBy value.\n",
  );
  expect(d.examples.map((e) => [e.title, Object.keys(e.code)])).toEqual([
    ["", ["typescript", "python"]],
  ]);
  expect(d.importText).toBe("By value.");
});

it("renders each example's programs under a heading per language, and the Import section", () => {
  const topic = SCHEMA.resources["redpandacloud:index:Topic"]!;
  const pkg = {
    ...SCHEMA,
    resources: { "redpandacloud:index:Topic": { ...topic, description: WITH_EXAMPLES } },
  };
  const page = renderPages(pkg).get(path.join("docs", "reference", "Topic.md"))!;
  const headings = page.split("\n").filter((l) => /^#{2,4} /.test(l));
  const examples = headings.slice(headings.indexOf("## Example Usage"));
  expect(examples.slice(0, 8)).toEqual([
    "## Example Usage",
    "### A topic on a cluster",
    "#### TypeScript",
    "#### Python",
    "#### Go",
    "#### C#",
    "#### Java",
    "#### YAML",
  ]);
  expect(page).toContain(
    '#### Python\n\n```python\nredpandacloud.Topic("orders", dataplane_api_url=url, name="orders")\n```',
  );
  expect(page).toMatch(/\n## Import\n\nA topic is imported by its cluster's id and its name:\n/);
  expect(page).not.toContain("{{%");
});

it("shows an example's form on the dynamic providers under its own heading, and what was not derived", () => {
  const topic = SCHEMA.resources["redpandacloud:index:Topic"]!;
  const pkg = {
    ...SCHEMA,
    resources: { "redpandacloud:index:Topic": { ...topic, description: WITH_EXAMPLES } },
  };
  const dynamic = new Map([
    [
      "Topic",
      {
        program: 'new redpanda.Topic("orders", { dataplaneApiUrl, name: "orders" });',
        notes: [
          "`export const x = t.y;`, left out: the dynamic providers' Topic declares no output `y`.",
        ],
      },
    ],
  ]);
  const page = renderPages(pkg, dynamic).get(path.join("docs", "reference", "Topic.md"))!;
  const headings = page.split("\n").filter((l) => /^#{2,4} /.test(l));
  expect(headings.slice(headings.indexOf("#### YAML"), headings.indexOf("#### YAML") + 2)).toEqual([
    "#### YAML",
    "#### TypeScript (dynamic providers)",
  ]);
  const section = page.slice(page.indexOf("#### TypeScript (dynamic providers)"));
  expect(section).toContain("Not derived: `export const x = t.y;`, left out:");
  expect(section).toContain(
    '```typescript\nnew redpanda.Topic("orders", { dataplaneApiUrl, name: "orders" });\n```',
  );
});

it("shows every committed page's example in JavaScript and on the dynamic providers", () => {
  const missing: string[] = [];
  for (const token of [...Object.keys(SCHEMA.resources), ...Object.keys(SCHEMA.functions)]) {
    const page = read("docs", "reference", `${tokenName(token)}.md`);
    for (const heading of ["#### JavaScript", "#### TypeScript (dynamic providers)"]) {
      if (!page.includes(`\n${heading}\n`)) missing.push(`${tokenName(token)}: ${heading}`);
    }
  }
  expect(missing).toEqual([]);
});

it("writes exactly the committed pages, one per resource and function, and no other", () => {
  const tsNode = require.resolve("ts-node/dist/bin.js");
  const run = spawnSync(
    process.execPath,
    [tsNode, "--transpile-only", "scripts/refdocs/generate.ts", "--check"],
    { cwd: REPO, encoding: "utf8" },
  );
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
  const pages = fs.readdirSync(path.join(REPO, "docs", "reference")).sort();
  const names = [...Object.keys(SCHEMA.resources), ...Object.keys(SCHEMA.functions)].map(
    (t) => `${tokenName(t)}.md`,
  );
  expect(pages).toEqual(["README.md", ...names].sort());
  expect(pages).toHaveLength(25 + 17 + 1);
});

it("gives each property the Python SDK's name", () => {
  const sdk = path.join(REPO, "sdk", "python", "pulumi_redpandacloud");
  const pairs = new Map<string, string>();
  for (const f of fs.readdirSync(sdk).filter((f) => f.endsWith(".py"))) {
    const text = fs.readFileSync(path.join(sdk, f), "utf8");
    for (const m of text.matchAll(/@pulumi\.getter\(name="(\w+)"\)\s*\n\s*def (\w+)\(/g)) {
      pairs.set(m[1]!, m[2]!);
    }
  }
  expect(pairs.size).toBeGreaterThan(100);
  const wrong = [...pairs].filter(([camel, snake]) => pythonName(camel) !== snake);
  expect(wrong).toEqual([]);
});

it("gives each property the C# SDK's name (its language.csharp.name where it has one)", () => {
  // The schema's name → the C# SDK's, from each `[Input("x")]`/`[Output("x")]` and the member after it.
  const sdk = path.join(REPO, "sdk", "dotnet");
  const csharp = new Map<string, Set<string>>();
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? files(path.join(dir, e.name))
          : e.name.endsWith(".cs")
            ? [path.join(dir, e.name)]
            : [],
      );
  for (const f of files(sdk)) {
    const text = fs.readFileSync(f, "utf8");
    for (const m of text.matchAll(
      /\[(?:Input|Output)\("(\w+)"[^\]]*\]\s*\n\s*(?:public|private) [^\n]*?(\w+)\s*(?:\{|;|$)/gm,
    )) {
      // A secret input's backing field is `_name`; its property, named as this test checks, follows.
      if (m[2]!.startsWith("_")) continue;
      csharp.set(m[1]!, (csharp.get(m[1]!) ?? new Set()).add(m[2]!));
    }
  }
  expect(csharp.size).toBeGreaterThan(100);
  const props = [
    ...Object.values(SCHEMA.resources).flatMap((r) => [
      ...Object.entries(r.inputProperties ?? {}),
      ...Object.entries(r.properties ?? {}),
    ]),
    ...Object.values(SCHEMA.types).flatMap((t) =>
      t.type === "object" ? Object.entries(t.properties) : [],
    ),
  ];
  const wrong = props
    .filter(([n, p]) => csharp.has(n) && !csharp.get(n)!.has(csharpName(n, p)))
    .map(([n, p]) => `${n}: ${csharpName(n, p)} not in ${[...csharp.get(n)!].join(", ")}`);
  expect(wrong).toEqual([]);
  expect(read("docs", "reference", "Schema.md")).toContain(
    "**`schema`** (Python `schema`, Go `Schema`, C# `SchemaDefinition`)",
  );
});

it("gives each function the Go SDK's name (Lookup… where a resource of that name exists)", () => {
  const resources = new Set(Object.keys(SCHEMA.resources).map(tokenName));
  for (const token of Object.keys(SCHEMA.functions)) {
    const fn = tokenName(token);
    const go = read("sdk", "go", "redpandacloud", `${fn}.go`);
    expect([fn, go]).toEqual([
      fn,
      expect.stringContaining(`func ${goFunctionName(fn, resources)}(`),
    ]);
  }
});

it("keeps every line of docs/resources.md and of the pages within 200 characters", () => {
  const files = [
    path.join("docs", "resources.md"),
    ...fs
      .readdirSync(path.join(REPO, "docs", "reference"))
      .map((f) => path.join("docs", "reference", f)),
  ];
  const long = files.flatMap((f) =>
    read(f)
      .split("\n")
      .map((line, i) => ({ f, line: i + 1, length: line.length }))
      .filter((l) => l.length > 200),
  );
  expect(long).toEqual([]);
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors a Markdown file's headings make (a repeated heading gets -1, -2, ...). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of read(file).split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

it("links only to files and headings that exist, from the pages, the index and the README", () => {
  const files = [
    "README.md",
    path.join("docs", "resources.md"),
    path.join("docs", "plugin.md"),
    ...fs
      .readdirSync(path.join(REPO, "docs", "reference"))
      .map((f) => path.join("docs", "reference", f)),
  ];
  const broken: string[] = [];
  for (const file of files) {
    const text = read(file).replace(/```[\s\S]*?```/g, "");
    const targets = [
      ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
      ...[...text.matchAll(/^\[[^\]]+\]: (\S+)$/gm)].map((m) => m[1]!),
    ].filter((t) => !/^[a-z]+:/.test(t));
    for (const target of targets) {
      const [p, hash] = target.split("#");
      const to = p ? path.normalize(path.join(path.dirname(file), p)) : file;
      if (!fs.existsSync(path.join(REPO, to))) broken.push(`${file}: ${target}`);
      else if (hash && to.endsWith(".md") && !anchorsOf(to).has(hash)) {
        broken.push(`${file}: ${target}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

it("takes a Python newcomer from the README to a runnable Topic program in two links", () => {
  // README → docs/reference/Topic.md → its Python example, or (until the schema has one) the
  // Python program the e2e test runs, which declares a Topic.
  expect(read("README.md")).toContain("](docs/reference/Topic.md)");
  const topic = read("docs", "reference", "Topic.md");
  const inline = /#### Python\n\n```python\n[\s\S]*?redpandacloud\.Topic\(/.test(topic);
  const program = "tests/support/fixtures/plugin-python/__main__.py";
  const linked = topic.includes(`](../../${program})`) && /rp\.Topic\(/.test(read(program));
  expect(inline || linked).toBe(true);
});
