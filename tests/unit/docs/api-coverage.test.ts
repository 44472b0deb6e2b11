// docs/resources.md's "The vendor's API groups": which of the vendor's write operations this package
// sends, counted, not typed. The write operations are the contract's (contract/cloud-controlplane.json,
// contract/cloud-dataplane.json): every operation but a GET, less the `:lint-config` POSTs, whose
// answer is hints and which change nothing. What the package sends is read from its sources: every
// request under provider/ whose method and path are written out (`method: "PUT", url: c.url(…)`, a
// control-plane client's `patchMasked(…)` and `remove(…)`), its path worked out from the constants
// and path helpers it names, on the plane of the client it is sent with. The table's row of each
// group (the contract's tag) must state what the count finds, and its total the sum: a request
// added or dropped in the sources, or an operation the vendor adds, fails here, naming the group.
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
type Plane = "control" | "data";
const CONTRACTS: Record<Plane, string> = {
  control: "cloud-controlplane.json",
  data: "cloud-dataplane.json",
};
const WRITES = new Set(["post", "put", "patch", "delete"]);

/** A path with its parameters unnamed: `/v1/users/{}`. */
const unnamed = (p: string) => p.replace(/\{[^}]*\}/g, "{}");

interface Operation {
  plane: Plane;
  tag: string;
  key: string;
}

function writeOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [plane, file] of Object.entries(CONTRACTS) as [Plane, string][]) {
    const contract = JSON.parse(fs.readFileSync(path.join(ROOT, "contract", file), "utf8")) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [p, methods] of Object.entries(contract.paths)) {
      if (p.endsWith(":lint-config")) continue;
      for (const [method, op] of Object.entries(methods)) {
        if (!WRITES.has(method)) continue;
        ops.push({
          plane,
          tag: op.tags?.[0] ?? "(untagged)",
          key: `${plane} ${method.toUpperCase()} ${unnamed(p)}`,
        });
      }
    }
  }
  return ops;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "wire" ? [] : sourceFiles(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

/** The text of the call's first argument (the call's `(` at `open`), trimmed. */
function firstArgument(text: string, open: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (depth > 0 && ")]}".includes(ch)) depth--;
    else if (depth === 0 && (ch === "," || ch === ")")) return text.slice(open + 1, i).trim();
  }
  throw new Error(`unbalanced call at ${open}`);
}

/** Path helpers any source may name (`kafkaConnectPath(cluster)`): their template. */
function pathHelpers(files: string[]): Map<string, string> {
  const helpers = new Map<string, string>();
  for (const f of files) {
    const text = fs.readFileSync(f, "utf8");
    for (const m of text.matchAll(/export const (\w+) = \([^)]*\) =>\s*`([^`]*)`/g))
      helpers.set(m[1]!, m[2]!);
  }
  return helpers;
}

/**
 * A path expression as the package sends it, its parameters unnamed; undefined for a helper's own
 * parameter (`url: this.url(path)` in `patchMasked`: its callers are read instead).
 */
function evaluate(expr: string, text: string, helpers: Map<string, string>): string | undefined {
  const constant = (name: string) => {
    const m = new RegExp(`const ${name} = "([^"]*)"`).exec(text);
    if (!m) throw new Error(`no constant ${name}`);
    return m[1]!;
  };
  const template = (body: string): string =>
    body.replace(/\$\{([^{}]*(?:\([^()]*\))?)\}/g, (_, inner: string) => {
      const call = /^(\w+)\((.*)\)$/.exec(inner.trim());
      if (call?.[1] === "encodeURIComponent") return "{}";
      if (call && helpers.has(call[1]!)) return template(helpers.get(call[1]!)!);
      if (/^\w+$/.test(inner.trim())) return constant(inner.trim());
      throw new Error(`cannot read \${${inner}}`);
    });
  const e = expr.trim();
  let p: string;
  if (e.startsWith('"')) p = e.slice(1, -1);
  else if (e.startsWith("`")) p = template(e.slice(1, -1));
  else if (/^\w+$/.test(e)) {
    if (!new RegExp(`const ${e} = "`).test(text)) return undefined;
    p = constant(e);
  } else throw new Error(`cannot read the path ${e}`);
  return p.split("?")[0]!;
}

/** Files whose requests take their path as a parameter (helpers), as the scan finds them. */
const helperFiles = new Set<string>();

/** Every write this package sends, as `<plane> <METHOD> <path>`. */
function sentWrites(): Set<string> {
  const files = sourceFiles(path.join(ROOT, "provider"));
  const helpers = pathHelpers(files);
  const sent = new Set<string>();
  for (const f of files) {
    const text = fs.readFileSync(f, "utf8");
    const planeAt = (at: number): Plane | undefined => {
      const before = text.slice(0, at);
      const cp = before.lastIndexOf("ControlPlaneClient");
      const dp = before.lastIndexOf("DataPlaneClient");
      if (cp < 0 && dp < 0) return undefined;
      return cp > dp ? "control" : "data";
    };
    const add = (method: string, open: number, at: number) => {
      const plane = planeAt(at);
      if (!plane) return;
      const p = evaluate(firstArgument(text, open), text, helpers);
      if (p === undefined) helperFiles.add(path.relative(ROOT, f));
      else sent.add(`${plane} ${method} ${p}`);
    };
    for (const m of text.matchAll(/method: "(POST|PUT|PATCH|DELETE)",\s*url: \w+\.url\(/g))
      add(m[1]!, m.index + m[0].length - 1, m.index);
    for (const m of text.matchAll(/\b(?:c|cp)\.(patchMasked|remove)\(/g))
      add(m[1] === "remove" ? "DELETE" : "PATCH", m.index + m[0].length - 1, m.index);
  }
  return sent;
}

/** The rows of the table under "## The vendor's API groups": plane, groups, and the count cell. */
function groupTable(): { plane: string; groups: string[]; used: string }[] {
  const text = fs.readFileSync(path.join(ROOT, "docs", "resources.md"), "utf8");
  const start = text.indexOf("## The vendor's API groups");
  expect(start).toBeGreaterThan(0);
  const section = text.slice(start).split(/\n## /)[0]!;
  const rows: { plane: string; groups: string[]; used: string }[] = [];
  for (const line of section.split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === "API group") continue;
    rows.push({ groups: cells[0]!.split(/,\s*/), plane: cells[1]!, used: cells[3]! });
  }
  return rows;
}

const ops = writeOperations();
const sent = sentWrites();
const covered = ops.filter((o) => sent.has(o.key));

it("reads every request's path, but those of the control-plane client's helpers (read at their callers)", () => {
  expect([...helperFiles]).toEqual(["provider/transport/controlplane.ts"]);
});

it("every request the package sends that is not a GET is one of the contract's operations", () => {
  const known = new Set(ops.map((o) => o.key));
  // The lint is the one that is not a write (it changes nothing), and no request is unknown.
  expect([...sent].filter((k) => !known.has(k))).toEqual([
    "data POST /v1/redpanda-connect/pipelines:lint-config",
  ]);
});

it("docs/resources.md names every API group of the contract once, on its plane", () => {
  const named = groupTable().flatMap((r) => r.groups.map((g) => `${r.plane} ${g}`));
  const tags = new Set<string>();
  for (const [plane, file] of Object.entries(CONTRACTS)) {
    const contract = JSON.parse(fs.readFileSync(path.join(ROOT, "contract", file), "utf8")) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const methods of Object.values(contract.paths))
      for (const op of Object.values(methods))
        for (const t of op.tags ?? []) tags.add(`${plane} ${t}`);
  }
  expect(named.sort()).toEqual([...tags].sort());
});

it("each group's row states how many of its write operations the package sends", () => {
  const wrong: string[] = [];
  for (const row of groupTable()) {
    const mine = ops.filter((o) => o.plane === row.plane && row.groups.includes(o.tag));
    const used = mine.filter((o) => sent.has(o.key)).length;
    const stated = mine.length === 0 ? "—" : `${used} of ${mine.length}`;
    if (!row.used.startsWith(stated)) wrong.push(`${row.groups.join(", ")}: ${stated}`);
  }
  expect(wrong).toEqual([]);
});

it("the total is the count: covered write operations of all of them", () => {
  const text = fs.readFileSync(path.join(ROOT, "docs", "resources.md"), "utf8");
  const m = /\*\*(\d+) of the vendor's (\d+) write operations\*\*/.exec(text);
  expect(m && [Number(m[1]), Number(m[2])]).toEqual([covered.length, ops.length]);
});
