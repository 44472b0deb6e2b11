/**
 * The pipeline linter behind `POST /v1/redpanda-connect/pipelines:lint-config`: Redpanda Connect's
 * own rules (redpanda-data/benthos@a9fc41bdd0e8a1894e3b1f0faa6c700752b87158, public/service/
 * stream_config_linter.go LintYAML and internal/docs/format_yaml.go LintYAML: its messages, lines,
 * column 1 and lint types) over the components Redpanda Cloud runs (connect-config.ts). What it
 * checks:
 *
 * - the YAML itself: a document the parser refuses is one hint at the parser's line and column;
 * - the configuration's fields (`input`, `pipeline`, `output`, `*_resources`, …), each field of
 *   every component's configuration, required fields, and arrays, objects and scalars where the
 *   spec says;
 * - components: named by their key or by `type`, looked up among those Cloud runs (a component
 *   Cloud does not run is not found, as in the cloud build), a field beside the component that is
 *   not one every component may have, `plugin`, labels (format, duplicates) and empty
 *   `processors`.
 *
 * Not checked, so accepted (no evidence to check them here): Bloblang mappings and
 * interpolations, the lint rules components write in Bloblang (enumerated options among them),
 * environment variables and secrets, deprecations (the vendor's linter reports them only when
 * asked), and anything inside a component Cloud runs whose spec the vendor's dump lacks.
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseAllDocuments } from "yaml";
import type { Document, Node as YamlNode } from "yaml";
import { COMPONENT_TYPES, cloudComponent, reservedFields, streamFields } from "./connect-config";
import type { FieldSpec } from "./connect-config";

/** The contract's LintHint; `lint_type` is the Connect linter's LintType name. */
export interface LintHint {
  line: number;
  column: number;
  hint: string;
  lint_type: string;
}

/** A YAML node as the linter reads it: kind, line, tag, and its pairs or items. */
interface View {
  kind: "map" | "seq" | "scalar" | "alias";
  line: number;
  /** yaml.v3's short tag (`!!str`, `!!map`, …), as the messages name it. */
  tag: string;
  value?: unknown;
  literal?: boolean;
  pairs?: { key: string; keyLine: number; value: View }[];
  items?: View[];
  /** An alias: the node it names (resolved when read, as benthos' unwrapDocumentNode does). */
  target?: () => View | undefined;
}

interface Ctx {
  hints: LintHint[];
  /** Labels seen, with their line (benthos LintContext.labelsToLine). */
  labels: Map<string, number>;
}

/** benthos internal/docs/config.go, labelExpression. */
const LABEL_EXPRESSION = "^[a-z0-9_\\-]+$";
const LABEL = new RegExp(LABEL_EXPRESSION);

function push(ctx: Ctx, line: number, type: string, hint: string): void {
  ctx.hints.push({ line, column: 1, hint, lint_type: type });
}

function scalarTag(value: unknown, source: string | undefined, tag: string | undefined): string {
  if (tag?.startsWith("tag:yaml.org,2002:")) return `!!${tag.slice("tag:yaml.org,2002:".length)}`;
  if (value === null || value === undefined) return "!!null";
  if (typeof value === "boolean") return "!!bool";
  if (typeof value === "number")
    return Number.isInteger(value) && !/[.eE]/.test(source ?? "") ? "!!int" : "!!float";
  return "!!str";
}

/** Reads a parsed document into views (lines from the line counter, 1-based). */
function viewOf(doc: Document, lc: LineCounter, node: unknown, fallbackLine: number): View {
  const line = (n: YamlNode) => (n.range ? lc.linePos(n.range[0]).line : fallbackLine);
  if (isMap(node)) {
    const l = line(node);
    return {
      kind: "map",
      line: l,
      tag: "!!map",
      pairs: node.items.map((pair) => {
        const keyNode = pair.key as YamlNode | null;
        const keyLine = keyNode && isScalar(keyNode) ? line(keyNode) : l;
        const key = keyNode && isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
        return { key, keyLine, value: viewOf(doc, lc, pair.value, keyLine) };
      }),
    };
  }
  if (isSeq(node)) {
    const l = line(node);
    return {
      kind: "seq",
      line: l,
      tag: "!!seq",
      items: node.items.map((i) => viewOf(doc, lc, i, l)),
    };
  }
  if (isAlias(node)) {
    return {
      kind: "alias",
      line: line(node),
      tag: "",
      target: () => {
        const found = node.resolve(doc);
        return found ? viewOf(doc, lc, found, line(node)) : undefined;
      },
    };
  }
  if (isScalar(node)) {
    return {
      kind: "scalar",
      line: line(node),
      tag: scalarTag(node.value, node.source as string | undefined, node.tag),
      value: node.value,
      literal: node.type === "BLOCK_LITERAL",
    };
  }
  // An absent value (`output:` with nothing after it) is a null scalar on its key's line.
  return { kind: "scalar", line: fallbackLine, tag: "!!null", value: null };
}

/** benthos unwrapDocumentNode: an alias is read as the node it names. */
const unwrap = (v: View): View => (v.kind === "alias" ? (v.target?.() ?? v) : v);

/** FieldSpecs.LintYAML: the fields of an object. */
function lintFields(ctx: Ctx, specs: FieldSpec[], raw: View): void {
  const node = unwrap(raw);
  if (node.kind !== "map") {
    if (node.kind === "alias") return;
    push(ctx, node.line, "LintExpectedObject", `expected object value, got ${node.tag}`);
    return;
  }
  const byName = new Map(specs.map((f) => [f.name, f]));
  const missing = new Set(byName.keys());
  for (const { key, keyLine, value } of node.pairs ?? []) {
    if (key === "<<") continue; // a merge key: its fields are the alias's (not linted here)
    const spec = byName.get(key);
    if (!spec) {
      if (value.kind !== "alias") push(ctx, keyLine, "LintUnknown", `field ${key} not recognised`);
      continue;
    }
    lintField(ctx, spec, value);
    missing.delete(key);
  }
  for (const name of missing) {
    const f = byName.get(name)!;
    const needsDefault = !f.is_optional && !f.is_deprecated;
    if (
      needsDefault &&
      !("default" in f) &&
      !(f.type in COMPONENT_TYPES) &&
      f.kind === "scalar" &&
      !f.children?.length
    )
      push(ctx, node.line, "LintMissing", `field ${name} is required`);
  }
}

/** FieldSpec.LintYAML: one field's value by its kind and type. */
function lintField(ctx: Ctx, f: FieldSpec, raw: View): void {
  const node = unwrap(raw);
  switch (f.kind) {
    case "2darray":
    case "array":
      if (node.kind !== "seq") {
        push(ctx, node.line, "LintExpectedArray", "expected array value");
        return;
      }
      for (const item of node.items ?? [])
        lintField(ctx, { ...f, kind: f.kind === "2darray" ? "array" : "scalar" }, item);
      return;
    case "map":
      if (node.kind !== "map") {
        push(ctx, node.line, "LintExpectedObject", `expected object value, got ${node.tag}`);
        return;
      }
      for (const { value } of node.pairs ?? []) lintField(ctx, { ...f, kind: "scalar" }, value);
      return;
  }
  if (f.type in COMPONENT_TYPES) {
    lintComponent(ctx, f.type, node);
    return;
  }
  if (f.children?.length) {
    lintFields(ctx, f.children, node);
    return;
  }
  if (["bool", "string", "int", "float"].includes(f.type)) {
    if (node.kind === "map" || node.kind === "seq")
      push(ctx, node.line, "LintExpectedScalar", `expected ${f.type} value`);
  } else if (f.type === "object" && node.kind !== "map" && node.kind !== "alias") {
    push(ctx, node.line, "LintExpectedObject", `expected object value, got ${node.tag}`);
  }
}

/** The label field's own lint (benthos internal/docs/config.go, labelField). */
function lintLabel(ctx: Ctx, node: View): void {
  if (node.kind !== "scalar" || typeof node.value !== "string" || node.value === "") return;
  const label = node.value;
  const line = node.line + (node.literal ? 1 : 0);
  if (label.startsWith("_") || label.startsWith("-") || !LABEL.test(label)) {
    push(
      ctx,
      line,
      "LintBadLabel",
      `invalid label '${label}': should match the regular expression /${LABEL_EXPRESSION}/ and must not start with an underscore`,
    );
    return;
  }
  const previous = ctx.labels.get(label);
  if (previous !== undefined) {
    push(
      ctx,
      line,
      "LintDuplicateLabel",
      `label '${label}' collides with a previously defined label at line ${previous}`,
    );
    return;
  }
  ctx.labels.set(label, line);
}

/** A component's name from its keys (benthos getInferenceCandidateFromList), or none. */
function infer(type: string, keys: string[]): string | undefined {
  const reserved = reservedFields(type);
  const found = keys.filter((k) => !reserved.has(k) && cloudComponent(type, k));
  return found.length === 1 ? found[0] : undefined;
}

/** The component LintYAML: its name, its config, the fields beside it. */
function lintComponent(ctx: Ctx, type: string, raw: View): void {
  const node = unwrap(raw);
  if (node.kind !== "map") return;
  const pairs = node.pairs ?? [];
  const typed = pairs.find((p) => p.key === "type");
  let name = typed && typed.value.kind === "scalar" ? String(typed.value.value ?? "") : "";
  if (name === "") {
    if (pairs.length === 0) return;
    const keys = pairs.slice(0, typed ? pairs.indexOf(typed) : pairs.length).map((p) => p.key);
    const inferred = infer(type, keys);
    if (!inferred) {
      push(
        ctx,
        node.line,
        "LintComponentMissing",
        `unable to infer component type: ${keys.length === 1 ? keys[0] : `[${keys.join(" ")}]`}`,
      );
      return;
    }
    name = inferred;
  }
  const spec = cloudComponent(type, name);
  if (!spec) {
    push(ctx, node.line, "LintComponentNotFound", `failed to obtain docs for ${type} type ${name}`);
    return;
  }
  const own = pairs.find((p) => p.key === name);
  if (own && spec.config) lintField(ctx, spec.config, own.value);
  const reserved = reservedFields(type);
  for (const { key, keyLine, value } of pairs) {
    if (key === name || key === "type") continue;
    if (key === "plugin") {
      if (own || !spec.plugin) push(ctx, keyLine, "LintShouldOmit", "plugin object is ineffective");
      else if (spec.config) lintField(ctx, spec.config, value);
    }
    const field = reserved.get(key);
    if (!field) {
      push(
        ctx,
        keyLine,
        "LintUnknown",
        `field ${key} is invalid when the component type is ${name} (${type})`,
      );
      continue;
    }
    const omit = shouldOmit(key, unwrap(value), pairs);
    if (omit) push(ctx, unwrap(value).line, "LintShouldOmit", omit);
    if (key === "label") lintLabel(ctx, unwrap(value));
    lintField(ctx, field, value);
  }
}

/** The reserved fields' OmitWhen rules (benthos internal/docs/config.go). */
function shouldOmit(
  key: string,
  value: View,
  pairs: { key: string; value: View }[],
): string | undefined {
  if (key === "processors" && value.kind === "seq" && (value.items ?? []).length === 0)
    return "field processors is empty and can be removed";
  if (key === "label") {
    const str = (k: string) => {
      const v = pairs.find((p) => p.key === k)?.value;
      return v?.kind === "scalar" && typeof v.value === "string" ? v.value : undefined;
    };
    if (str("type") === "resource" || (str("resource") ?? "") !== "")
      return "label field should be omitted when pointing to a resource";
  }
  return undefined;
}

/** Lints a pipeline's YAML configuration; an empty list means it passed. */
export function lintPipelineConfig(yamlText: string): LintHint[] {
  // stream_config_linter.go: a config that starts with this line is not linted.
  if (yamlText.startsWith("# BENTHOS LINT DISABLE")) return [];
  const lc = new LineCounter();
  const parsed = parseAllDocuments(yamlText, { lineCounter: lc, uniqueKeys: false });
  const docs = Array.isArray(parsed) ? parsed : [];
  const doc = docs[0];
  if (!doc) return [];
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    return [
      {
        line: pos?.line ?? 1,
        column: pos?.col ?? 1,
        hint: error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, ""),
        lint_type: "LintFailedRead",
      },
    ];
  }
  if (doc.contents === null) return [];
  const ctx: Ctx = { hints: [], labels: new Map() };
  lintFields(ctx, streamFields(), viewOf(doc, lc, doc.contents, 1));
  return ctx.hints;
}
