#!/usr/bin/env node
// Derives contract/connect-components.json: the Redpanda Connect components the vendor publishes,
// which of them Redpanda Cloud runs, and the shape of a pipeline's configuration — what the
// emulator's `pipelines:lint-config`, `components` and `config-schema` answer from.
//
//   node scripts/contract/connect-components.mjs --connect GITDIR --docs GITDIR [--version X.Y.Z] [--check]
//
// --connect is a clone (bare or not) of redpanda-data/connect: its HEAD's internal/plugins/info.csv
// is the component list, with a `cloud` column that the cloud build's config schema is made from
// (public/schema/schema.go, Cloud: PluginNamesForCloud per component type).
// --docs is a clone of redpanda-data/rp-connect-docs: its HEAD's docs-data/connect-<version>.json
// (the newest version unless --version says) is the vendor's dump of every component's
// configuration spec and of the top-level fields of a configuration (`rpk connect list
// --format json-full`), which the vendor's docs are generated from.
//
// Kept: names, types, statuses, cloud availability, and each field's name, type, kind, children,
// default, optional/advanced/deprecated/secret flags, options (values only), version, and whether
// it holds Bloblang or interpolations. Dropped: the vendor's prose (descriptions, summaries,
// examples, footnotes), lint rules written in Bloblang, and the specs of components Cloud does not
// run (their names are kept). Nothing in the repository reads GITDIR; `--check` derives again and
// fails if contract/connect-components.json differs.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const connectDir = opt("--connect");
const docsDir = opt("--docs");
const check = args.includes("--check");
if (!connectDir || !docsDir) {
  process.stderr.write(
    "usage: connect-components.mjs --connect GITDIR --docs GITDIR [--version X.Y.Z] [--check]\n",
  );
  process.exit(2);
}
const git = (dir, ...a) =>
  execFileSync("git", ["-C", dir, ...a], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const head = (dir) => git(dir, "rev-parse", "HEAD").trim();

/** Component types as the contract's ComponentList names them, by info.csv's type column. */
const TYPES = {
  buffer: { list: "buffers", docs: "buffers" },
  cache: { list: "caches", docs: "caches" },
  input: { list: "inputs", docs: "inputs" },
  metric: { list: "metrics", docs: "metrics" },
  output: { list: "outputs", docs: "outputs" },
  processor: { list: "processors", docs: "processors" },
  rate_limit: { list: "rate_limits", docs: "rate-limits" },
  scanner: { list: "scanners", docs: "scanners" },
  tracer: { list: "tracers", docs: "tracers" },
};

// --- The component list (info.csv) --------------------------------------------------------------
const csvText = git(connectDir, "show", "HEAD:internal/plugins/info.csv");
const [header, ...rows] = csvText.trim().split("\n");
const columns = header.split(",").map((c) => c.trim());
const col = (row, name) => row[columns.indexOf(name)] ?? "";
const listed = rows
  .map((line) => line.split(",").map((c) => c.trim()))
  .filter((row) => TYPES[col(row, "type")]) // sql_driver and the like are not components
  .map((row) => ({
    name: col(row, "name"),
    type: col(row, "type"),
    cloud: col(row, "cloud") === "y",
    deprecated: col(row, "deprecated") === "y",
  }));

// --- The configuration specs (docs-data/connect-<version>.json) ---------------------------------
const dumps = git(docsDir, "ls-tree", "--name-only", "HEAD", "docs-data/")
  .split("\n")
  .map((f) => /^docs-data\/connect-(\d+)\.(\d+)\.(\d+)\.json$/.exec(f))
  .filter(Boolean)
  .map((m) => ({ file: m[0], version: [m[1], m[2], m[3]].map(Number) }))
  .sort(
    (a, b) =>
      a.version[0] - b.version[0] || a.version[1] - b.version[1] || a.version[2] - b.version[2],
  );
const wanted = opt("--version");
const dump = wanted ? dumps.find((d) => d.version.join(".") === wanted) : dumps.at(-1);
if (!dump) throw new Error(`no docs-data/connect-${wanted ?? "*"}.json in ${docsDir}`);
const docs = JSON.parse(git(docsDir, "show", `HEAD:${dump.file}`));

/** A field spec without the prose. */
function field(f) {
  const out = { name: f.name, type: f.type, kind: f.kind };
  if (f.children) out.children = f.children.map(field);
  if ("default" in f) out.default = f.default;
  for (const flag of ["is_optional", "is_advanced", "is_deprecated", "is_secret", "bloblang"])
    if (f[flag]) out[flag] = true;
  if (f.interpolated) out.interpolated = true;
  if (f.options) out.options = f.options;
  if (f.annotated_options) out.options = f.annotated_options.map(([value]) => value);
  if (f.version) out.version = f.version;
  return out;
}

const components = {};
const unmatched = [];
for (const [type, { list, docs: docsKey }] of Object.entries(TYPES)) {
  const specs = new Map((docs[docsKey] ?? []).map((c) => [c.name, c]));
  components[list] = listed
    .filter((c) => c.type === type)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => {
      const spec = specs.get(c.name);
      const entry = { name: c.name, cloud: c.cloud };
      if (c.deprecated) entry.deprecated = true;
      if (spec) {
        entry.status = spec.status;
        if (spec.plugin) entry.plugin = true;
        if (spec.categories) entry.categories = spec.categories;
        if (spec.version) entry.version = spec.version;
        if (c.cloud) entry.config = field(spec.config);
      } else if (c.cloud) unmatched.push(`${type} ${c.name}`);
      return entry;
    });
}

const bloblang = (items) =>
  items
    .map((b) => {
      const out = { name: b.name, status: b.status };
      const categories =
        b.categories?.map((c) => c.Category ?? c) ?? (b.category ? [b.category] : []);
      if (categories.length) out.categories = [...new Set(categories)];
      if (b.version) out.version = b.version;
      if (b.impure) out.impure = true;
      return out;
    })
    .sort((a, b) => a.name.localeCompare(b.name));

const output = {
  note: "Redpanda Connect's components and configuration shape, derived from the sources below by scripts/contract/connect-components.mjs; the vendor's prose is not copied. `cloud`: Redpanda Cloud runs the component (the cloud build's schema is made of these); `config`: its configuration spec, kept for the components Cloud runs; `config` at the top: the fields of a pipeline's configuration.",
  sources: [
    {
      what: "the component list: name, type, deprecation and the `cloud` column the cloud build's schema is made from (public/schema/schema.go, Cloud)",
      where: "redpanda-data/connect internal/plugins/info.csv",
      commit: head(connectDir),
    },
    {
      what: "each component's configuration spec and status, the top-level fields of a configuration, and the Bloblang functions and methods (rpk connect list --format json-full)",
      where: `redpanda-data/rp-connect-docs ${dump.file}`,
      commit: head(docsDir),
    },
  ],
  ...(unmatched.length ? { cloudWithoutSpec: unmatched } : {}),
  version: docs.version,
  config: docs.config.map(field),
  components,
  bloblang: {
    functions: bloblang(docs["bloblang-functions"] ?? []),
    methods: bloblang(docs["bloblang-methods"] ?? []),
  },
};

/** Pretty at the top, one line per component or field (the file stays reviewable and small). */
function serialize(data) {
  const lines = ["{"];
  const entries = Object.entries(data);
  entries.forEach(([key, value], i) => {
    const comma = i < entries.length - 1 ? "," : "";
    if (key === "components") {
      lines.push(` "components": {`);
      const types = Object.entries(value);
      types.forEach(([type, list], j) => {
        lines.push(`  ${JSON.stringify(type)}: [`);
        list.forEach((c, k) =>
          lines.push(`   ${JSON.stringify(c)}${k < list.length - 1 ? "," : ""}`),
        );
        lines.push(`  ]${j < types.length - 1 ? "," : ""}`);
      });
      lines.push(` }${comma}`);
    } else if (Array.isArray(value) && key === "config") {
      lines.push(` "config": [`);
      value.forEach((f, k) =>
        lines.push(`  ${JSON.stringify(f)}${k < value.length - 1 ? "," : ""}`),
      );
      lines.push(` ]${comma}`);
    } else {
      const text = JSON.stringify(value, null, 1).replace(/\n/g, "\n ");
      lines.push(` ${JSON.stringify(key)}: ${text}${comma}`);
    }
  });
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

const text = serialize(output);
const target = path.join(repo, "contract", "connect-components.json");
if (check) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (current !== text) {
    process.stderr.write("differs: contract/connect-components.json\n");
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, text);
}
const counts = Object.entries(components)
  .map(([t, l]) => `${l.filter((c) => c.cloud).length}/${l.length} ${t}`)
  .join(", ");
process.stdout.write(
  `${check ? "checked" : "wrote"} contract/connect-components.json: Connect ${docs.version}; in Cloud: ${counts}\n`,
);
if (unmatched.length)
  process.stdout.write(`in Cloud without a spec in the docs dump: ${unmatched.join(", ")}\n`);
