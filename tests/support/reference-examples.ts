/**
 * The reference examples (sdk/examples/<Name>.yaml: one Pulumi YAML program body per resource kind
 * and per lookup of the plugin's schema, see its README.md): loading them, checking every name
 * they use against sdk/schema.json (the unit test), and combining several into one program whose
 * names are prefixed by their example's, so that a failure still names the example (the e2e test).
 * No I/O but reading the repository's files; nothing of the Pulumi SDK.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LineCounter, isMap, parseDocument, parse } from "yaml";

const REPO = path.resolve(__dirname, "..", "..");
export const EXAMPLES_DIR = path.join(REPO, "sdk", "examples");
export const SCHEMA_FILE = path.join(REPO, "sdk", "schema.json");

/** A declared config key of a program (`config:`). */
export interface ConfigDecl {
  type?: string;
  secret?: boolean;
  default?: unknown;
}

export interface ResourceDecl {
  type: string;
  properties?: Record<string, unknown>;
  options?: Record<string, unknown>;
}

/** The body of a Pulumi YAML program, as the examples hold it. */
export interface ProgramBody {
  config?: Record<string, ConfigDecl>;
  variables?: Record<string, unknown>;
  resources?: Record<string, ResourceDecl>;
  outputs?: Record<string, unknown>;
}

export interface Example {
  /** The schema token's last part: `Topic`, `getRegion`. */
  name: string;
  /** `Topic.yaml`. */
  file: string;
  text: string;
  body: ProgramBody;
}

/** The subset of sdk/schema.json the checks read. */
export interface SchemaProperty {
  type?: string;
  $ref?: string;
  oneOf?: SchemaProperty[];
  items?: SchemaProperty;
  additionalProperties?: SchemaProperty;
  properties?: Record<string, SchemaProperty>;
  enum?: { value: unknown }[];
}
export interface Schema {
  types: Record<string, SchemaProperty>;
  resources: Record<string, { inputProperties: Record<string, SchemaProperty> }>;
  functions: Record<string, { inputs?: { properties?: Record<string, SchemaProperty> } }>;
}

export const loadSchema = (): Schema => JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as Schema;

/** The examples there should be: one per resource and per function of the schema, by last part. */
export function expectedExamples(schema: Schema): string[] {
  const last = (token: string) => token.split(":").pop() ?? token;
  return [...Object.keys(schema.resources), ...Object.keys(schema.functions)].map(last);
}

/** Every `*.yaml` of sdk/examples, parsed (a file that does not parse throws, naming it). */
export function loadExamples(dir = EXAMPLES_DIR): Example[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      let body: ProgramBody;
      try {
        body = (parse(text) ?? {}) as ProgramBody;
      } catch (err) {
        throw new Error(`${file}: not YAML: ${(err as Error).message}`);
      }
      return { name: file.replace(/\.yaml$/, ""), file, text, body };
    });
}

const TOP_LEVEL = new Set(["config", "variables", "resources", "outputs"]);

/** `${name...}` references of a string (not `$${`, Pulumi YAML's escape), by their root name. */
export function referencedNames(s: string): string[] {
  return [...s.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_-]*)/g)].map((m) => m[1]!);
}

function walkStrings(value: unknown, visit: (s: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) value.forEach((v) => walkStrings(v, visit));
  else if (value && typeof value === "object")
    Object.values(value).forEach((v) => walkStrings(v, visit));
}

/** A value the program computes (an interpolation or a `fn::` call): its type is not checked. */
const computed = (v: unknown): boolean =>
  (typeof v === "string" && referencedNames(v).length > 0) ||
  (v !== null &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    Object.keys(v).some((k) => k.startsWith("fn::")));

/**
 * What is wrong with `value` as `prop` of the schema, at `where` (`properties.scope.resourceType`):
 * an object key the type does not declare, an enum value it does not list, a value of another
 * shape. Every message names the path.
 */
function checkValue(schema: Schema, prop: SchemaProperty, value: unknown, where: string): string[] {
  if (computed(value)) return [];
  if (prop.oneOf) {
    const fits = prop.oneOf.map((p) => checkValue(schema, p, value, where));
    return fits.some((f) => f.length === 0) ? [] : fits.flat();
  }
  if (prop.$ref) {
    const token = prop.$ref.replace(/^#\/types\//, "");
    const type = schema.types[token];
    if (!type) return [`${where}: the schema has no type ${token}`];
    return checkValue(schema, type, value, where);
  }
  if (prop.enum) {
    const values = prop.enum.map((e) => e.value);
    return values.includes(value)
      ? []
      : [`${where}: ${JSON.stringify(value)} is not one of ${values.join(", ")}`];
  }
  switch (prop.type) {
    case "string":
      return typeof value === "string" ? [] : [`${where}: a string, not ${JSON.stringify(value)}`];
    case "integer":
      return Number.isInteger(value) ? [] : [`${where}: an integer, not ${JSON.stringify(value)}`];
    case "number":
      return typeof value === "number" ? [] : [`${where}: a number, not ${JSON.stringify(value)}`];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${where}: true or false, not ${String(value)}`];
    case "array":
      if (!Array.isArray(value)) return [`${where}: a list`];
      return value.flatMap((v, i) => checkValue(schema, prop.items ?? {}, v, `${where}[${i}]`));
    case "object":
    case undefined: {
      if (value === null || typeof value !== "object" || Array.isArray(value))
        return prop.type === "object" ? [`${where}: an object`] : [];
      const entries = Object.entries(value as Record<string, unknown>);
      if (prop.properties) {
        return entries.flatMap(([k, v]) => {
          const p = prop.properties![k];
          return p
            ? checkValue(schema, p, v, `${where}.${k}`)
            : [`${where}: no property "${k}" (it has ${Object.keys(prop.properties!).join(", ")})`];
        });
      }
      const item = prop.additionalProperties;
      return item ? entries.flatMap(([k, v]) => checkValue(schema, item, v, `${where}.${k}`)) : [];
    }
    default:
      return [];
  }
}

/**
 * Every problem of one example against the schema, each naming the file and the property: a type
 * or function the schema lacks, an input or argument it does not declare (at any depth), a wrong
 * enum string; and of the program itself: a top-level key other than config, variables,
 * resources and outputs, a reference to a name it does not declare, a missing title line.
 */
export function checkExample(schema: Schema, ex: Example): string[] {
  const problems: string[] = [];
  const say = (msg: string) => problems.push(`${ex.file}: ${msg}`);
  if (!/^# \S/.test(ex.text)) say("does not start with a `# <title>` line");
  for (const key of Object.keys(ex.body)) {
    if (!TOP_LEVEL.has(key)) say(`top-level "${key}" (only config, variables, resources, outputs)`);
  }
  const declared = new Set([
    ...Object.keys(ex.body.config ?? {}),
    ...Object.keys(ex.body.variables ?? {}),
    ...Object.keys(ex.body.resources ?? {}),
  ]);
  walkStrings([ex.body.variables, ex.body.resources, ex.body.outputs], (s) => {
    for (const name of referencedNames(s)) {
      if (!declared.has(name)) say(`\${${name}} names nothing the program declares`);
    }
  });
  for (const [name, res] of Object.entries(ex.body.resources ?? {})) {
    const decl = schema.resources[res.type];
    if (!decl) {
      say(`resource "${name}": the schema has no resource ${res.type}`);
      continue;
    }
    const props = res.properties ?? {};
    const as: SchemaProperty = { type: "object", properties: decl.inputProperties };
    for (const p of checkValue(schema, as, props, "properties")) {
      say(`resource "${name}" (${res.type}): ${p}`);
    }
  }
  walkInvokes(ex.body.variables ?? {}, (where, invoke) => {
    const fn = schema.functions[invoke.function];
    if (!fn) {
      say(`${where}: the schema has no function ${invoke.function}`);
      return;
    }
    const as: SchemaProperty = { type: "object", properties: fn.inputs?.properties ?? {} };
    for (const p of checkValue(schema, as, invoke.arguments ?? {}, "arguments")) {
      say(`${where} (${invoke.function}): ${p}`);
    }
  });
  return problems;
}

interface Invoke {
  function: string;
  arguments?: Record<string, unknown>;
}

function walkInvokes(
  value: unknown,
  visit: (where: string, invoke: Invoke) => void,
  where = "variables",
): void {
  if (!value || typeof value !== "object") return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === "fn::invoke") visit(where, v as Invoke);
    else walkInvokes(v, visit, `${where}.${k}`);
  }
}

/** The resource types and functions an example uses (its tokens' last parts). */
export function tokensUsed(ex: Example): string[] {
  const used = new Set<string>();
  for (const r of Object.values(ex.body.resources ?? {})) used.add(r.type.split(":").pop()!);
  walkInvokes(ex.body.variables ?? {}, (_, i) => used.add(i.function.split(":").pop()!));
  return [...used];
}

/** One config key of a combined program: its example, its name there, its name in the stack. */
export interface CombinedConfig {
  example: string;
  key: string;
  decl: ConfigDecl;
  /** The key in the combined program (`Topic_clusterId`). */
  combinedKey: string;
}

/** The prefix an example's names get in a combined program. */
export const prefixOf = (example: string): string => `${example}_`;

/**
 * Several examples as one program body: each one's config keys, variables, resources and outputs
 * renamed `<Example>_<name>` (and every `${name}` reference to them), so nothing clashes and every
 * resource's URN, every error about it, names its example.
 */
export function combine(examples: Example[]): { body: ProgramBody; config: CombinedConfig[] } {
  const body: Required<ProgramBody> = { config: {}, variables: {}, resources: {}, outputs: {} };
  const config: CombinedConfig[] = [];
  for (const ex of examples) {
    const prefix = prefixOf(ex.name);
    const names = new Set([
      ...Object.keys(ex.body.config ?? {}),
      ...Object.keys(ex.body.variables ?? {}),
      ...Object.keys(ex.body.resources ?? {}),
    ]);
    const rename = (value: unknown): unknown => {
      if (typeof value === "string") {
        return value.replace(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_-]*)/g, (m, n: string) =>
          names.has(n) ? `\${${prefix}${n}` : m,
        );
      }
      if (Array.isArray(value)) return value.map(rename);
      if (value && typeof value === "object") {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
      }
      return value;
    };
    for (const [k, decl] of Object.entries(ex.body.config ?? {})) {
      body.config[prefix + k] = decl;
      config.push({ example: ex.name, key: k, decl, combinedKey: prefix + k });
    }
    for (const [k, v] of Object.entries(ex.body.variables ?? {}))
      body.variables[prefix + k] = rename(v);
    for (const [k, v] of Object.entries(ex.body.resources ?? {}))
      body.resources[prefix + k] = rename(v) as ResourceDecl;
    for (const [k, v] of Object.entries(ex.body.outputs ?? {}))
      body.outputs[prefix + k] = rename(v);
  }
  return { body, config };
}

/** The examples (of `among`) whose prefixed names `text` mentions: whom a failure is about. */
export function examplesNamedIn(text: string, among: Example[]): string[] {
  return among
    .filter((ex) => new RegExp(`(^|[^A-Za-z0-9])${prefixOf(ex.name)}[A-Za-z]`).test(text))
    .map((ex) => ex.file);
}

/**
 * For a combined program's text (as written to Pulumi.yaml), the example each line belongs to:
 * the CLI's type errors name a line (`on Pulumi.yaml line 18`), not a resource.
 */
export function exampleAtLine(
  text: string,
  among: Example[],
): (line: number) => string | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const spans: { from: number; to: number; file: string }[] = [];
  for (const section of ["config", "variables", "resources", "outputs"]) {
    const map = doc.get(section, true);
    if (!isMap(map)) continue;
    for (const item of map.items) {
      const key = String((item.key as { value?: unknown }).value ?? "");
      const ex = among.find((e) => key.startsWith(prefixOf(e.name)));
      const start = (item.key as { range?: [number, number, number] }).range?.[0];
      const end = (item.value as { range?: [number, number, number] } | null)?.range?.[2];
      if (ex && start !== undefined && end !== undefined) {
        spans.push({
          from: lineCounter.linePos(start).line,
          to: lineCounter.linePos(end).line,
          file: ex.file,
        });
      }
    }
  }
  return (line) => spans.find((s) => s.from <= line && line <= s.to)?.file;
}
