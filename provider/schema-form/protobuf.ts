/**
 * A Protobuf schema as Redpanda's Schema Registry stores and returns it. Source: redpanda-data/
 * redpanda src/v/pandaproxy/schema_registry/protobuf.cc (at 1c6cff3): `make_canonical_protobuf_schema`
 * builds the file in a DescriptorPool (its references, and the well-known `google/protobuf/*`
 * files, imported first) and stores `protobuf_schema_definition::raw()`: the FileDescriptor's
 * `DebugString()` with the `package` line moved above the imports when the file has both. So:
 * - comments and whitespace are gone; every type reference is fully qualified with a leading dot
 *   (`.shop.Money`); `syntax` is always written (`"proto2"` when the file had none);
 * - the file's order is syntax, package, imports, options, then enums, messages, services and
 *   extensions, each group in the order written (enums move above messages);
 * - in a message: its options, nested messages, nested enums, fields in the order written (a
 *   `oneof` where its first field is), extension ranges, nested extensions, reserved;
 * - options are sorted by their field number in `descriptor.proto`, not by where they were written;
 * - a label is written where the descriptor has one: `repeated`, `required`, proto2's `optional`,
 *   proto3's explicit `optional`; never on map or oneof fields.
 * protobufjs is the parser here. Not rendered as the registry would: custom options with message
 * values (written one sub-field per option) and editions (`edition = "2023"`), which protobufjs
 * reads differently; a caller falls back to the text as written when rendering fails.
 */
import * as protobuf from "protobufjs";

/** A referenced schema: its import path (the reference's name) and its text. */
export interface ProtoDep {
  name: string;
  text: string;
}

/** Field numbers of the standard options (google/protobuf/descriptor.proto), for their order. */
const OPTION_NUMBERS: Record<string, number> = {
  // FileOptions
  java_package: 1,
  java_outer_classname: 8,
  optimize_for: 9,
  java_multiple_files: 10,
  go_package: 11,
  cc_generic_services: 16,
  java_generic_services: 17,
  py_generic_services: 18,
  java_generate_equals_and_hash: 20,
  java_string_check_utf8: 27,
  cc_enable_arenas: 31,
  objc_class_prefix: 36,
  csharp_namespace: 37,
  swift_prefix: 39,
  php_class_prefix: 40,
  php_namespace: 41,
  php_metadata_namespace: 44,
  ruby_package: 45,
  // MessageOptions
  message_set_wire_format: 1,
  no_standard_descriptor_accessor: 2,
  map_entry: 7,
  deprecated_legacy_json_field_conflicts: 11,
  // FieldOptions
  ctype: 1,
  packed: 2,
  lazy: 5,
  jstype: 6,
  weak: 10,
  unverified_lazy: 15,
  debug_redact: 16,
  retention: 17,
  targets: 19,
  // EnumOptions
  allow_alias: 2,
  // MethodOptions
  idempotency_level: 34,
};
/** `deprecated`'s number differs per options message. */
const DEPRECATED: Record<string, number> = {
  file: 23,
  message: 3,
  field: 3,
  enum: 3,
  enumValue: 1,
  service: 33,
  method: 33,
  oneof: 0,
};
const ENUM_OPTIONS = new Set([
  "optimize_for",
  "ctype",
  "jstype",
  "retention",
  "targets",
  "idempotency_level",
]);
/** What protobufjs keeps among a field's options that descriptor.proto holds elsewhere. */
const NOT_OPTIONS = new Set(["default", "json_name", "proto3_optional"]);

/** absl::CEscape: C escapes and octal for bytes outside printable ASCII, over the UTF-8 bytes. */
function cEscape(s: string): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const named: Record<number, string> = {
      10: "\\n",
      13: "\\r",
      9: "\\t",
      34: '\\"',
      39: "\\'",
      92: "\\\\",
    };
    if (named[b]) out += named[b];
    else if (b < 0x20 || b >= 0x7f) out += `\\${b.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(b);
  }
  return out;
}

/** A double as protobuf's SimpleDtoa writes it. */
function dtoa(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  return String(n);
}

/** Top-level tokens: the syntax and the imports in the order written (protobufjs splits them). */
function header(text: string): { syntax: string; imports: { kind: string; path: string }[] } {
  const tn = protobuf.tokenize(text, false);
  let syntax = "proto2";
  const imports: { kind: string; path: string }[] = [];
  let depth = 0;
  const str = (): string => {
    const q = tn.next();
    const v = tn.next() ?? "";
    tn.skip(q ?? '"');
    return v;
  };
  for (let t = tn.next(); t !== null; t = tn.next()) {
    if (t === "{") depth++;
    else if (t === "}") depth--;
    else if (depth === 0 && t === "syntax" && tn.peek() === "=") {
      tn.next();
      syntax = str();
    } else if (depth === 0 && t === "import") {
      let kind = "";
      if (tn.peek() === "public" || tn.peek() === "weak") kind = `${tn.next()} `;
      imports.push({ kind, path: str() });
    }
  }
  return { syntax, imports };
}

/**
 * The well-known files protobufjs ships as JSON bundles beside its `common` ones, with what each
 * imports. Redpanda's protobuf.cc `known_types` holds these too (descriptor.proto among them).
 * Static requires, so a bundle of the plugin carries them (scripts/release/plugin.mjs).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded only when a schema imports one */
const BUNDLED: Record<string, { imports: string[]; json: () => unknown }> = {
  "google/protobuf/descriptor.proto": {
    imports: [],
    json: () => require("protobufjs/google/protobuf/descriptor.json"),
  },
  "google/protobuf/source_context.proto": {
    imports: [],
    json: () => require("protobufjs/google/protobuf/source_context.json"),
  },
  "google/protobuf/type.proto": {
    imports: ["google/protobuf/any.proto"],
    json: () => require("protobufjs/google/protobuf/type.json"),
  },
  "google/protobuf/api.proto": {
    imports: ["google/protobuf/type.proto"],
    json: () => require("protobufjs/google/protobuf/api.json"),
  },
};
/* eslint-enable @typescript-eslint/no-require-imports */

type NestedJson = { nested?: Record<string, NestedJson> };

function wellKnownJson(path: string): NestedJson | undefined {
  const common = protobuf.common.get(path) as NestedJson | null;
  if (common) return common;
  return BUNDLED[path]?.json() as NestedJson | undefined;
}

/**
 * Adds the well-known `google/protobuf/*` files an import names (Redpanda's protobuf.cc imports
 * them without a reference). protobufjs's bundles repeat shared types: only missing ones are added.
 */
function addWellKnown(root: protobuf.Root, paths: string[], have: Set<string>): void {
  for (const path of paths) {
    if (have.has(path)) continue;
    const json = wellKnownJson(path);
    if (!json) continue;
    have.add(path);
    addWellKnown(root, BUNDLED[path]?.imports ?? [], have);
    const defs = json.nested?.google?.nested?.protobuf?.nested ?? {};
    const ns = root.define("google.protobuf");
    const missing = Object.fromEntries(Object.entries(defs).filter(([k]) => !ns.get(k)));
    ns.addJSON(missing as Parameters<protobuf.Namespace["addJSON"]>[0]);
  }
}

/**
 * The schema and its references in one resolved root (dependencies first, then the schema), and
 * the schema's own file parsed alone (its declarations, in order). Throws when it does not parse
 * or names a type that none of them defines.
 */
export function protobufFiles(
  text: string,
  deps: ProtoDep[],
): {
  all: protobuf.Root;
  own: protobuf.Root;
  pkg: string | undefined;
  syntax: string;
  imports: { kind: string; path: string }[];
} {
  const all = new protobuf.Root();
  const have = new Set<string>();
  for (const dep of deps) {
    const parsed = protobuf.parse(dep.text, all, { keepCase: true });
    have.add(dep.name);
    addWellKnown(all, parsed.imports ?? [], have);
  }
  const mine = protobuf.parse(text, all, { keepCase: true });
  addWellKnown(all, [...(mine.imports ?? []), ...(mine.weakImports ?? [])], have);
  all.resolveAll();
  const own = protobuf.parse(text, new protobuf.Root(), { keepCase: true }).root;
  return { all, own, pkg: mine.package, ...header(text) };
}

type Opts = Record<string, unknown> | undefined;

/**
 * protobufjs marks a proto2 group's message type with `group` (its JSON form, `IType`, declares
 * it; the class's typings leave it out), so it is read as an untyped property.
 */
const isGroup = (t: unknown): boolean =>
  t instanceof protobuf.Type && Reflect.get(t, "group") === true;
/** The label as written (`repeated`, `required`): `rule` on the field, typed only in `IField`. */
function ruleOf(f: protobuf.Field): string | undefined {
  const rule: unknown = Reflect.get(f, "rule");
  return typeof rule === "string" ? rule : undefined;
}

/** A custom option's extension field, looked up from where the option is written. */
function extensionOf(key: string, scope: protobuf.NamespaceBase) {
  const m = /^\(([^)]+)\)(.*)$/.exec(key);
  if (!m) return undefined;
  const ext = scope.lookup(m[1]!);
  return ext instanceof protobuf.Field ? { ext, rest: m[2]! } : undefined;
}

/**
 * Options as `name = value`, in descriptor.proto's field order; custom ones by their extension's
 * number, named by its full name (`(p.pii)`), as protobuf's RetrieveOptions lists them.
 */
function optionList(opts: Opts, where: keyof typeof DEPRECATED, scope: protobuf.NamespaceBase) {
  if (!opts) return [];
  const entries = Object.entries(opts).filter(([k]) => !NOT_OPTIONS.has(k));
  const number = (k: string) =>
    k === "deprecated"
      ? DEPRECATED[where]!
      : k.startsWith("(")
        ? (extensionOf(k, scope)?.ext.id ?? 1e9)
        : (OPTION_NUMBERS[k] ?? 1e9);
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => number(a.e[0]) - number(b.e[0]) || a.i - b.i)
    .flatMap(({ e: [k, v] }) => {
      const custom = extensionOf(k, scope);
      const name = custom ? `(${custom.ext.fullName.replace(/^\./, "")})${custom.rest}` : k;
      const isEnum =
        ENUM_OPTIONS.has(k) ||
        (custom?.rest === "" && custom.ext.resolvedType instanceof protobuf.Enum);
      return (Array.isArray(v) ? v : [v]).map((x) => `${name} = ${optionValue(x, isEnum)}`);
    });
}

/** An option's value as TextFormat prints it: an enum value bare, a string quoted and escaped. */
function optionValue(v: unknown, isEnum: boolean): string {
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return dtoa(v);
  return isEnum ? String(v) : `"${cEscape(String(v))}"`;
}

const lineOptions = (prefix: string, list: string[]) =>
  list.map((o) => `${prefix}option ${o};\n`).join("");

class Renderer {
  constructor(
    readonly all: protobuf.Root,
    readonly proto2: boolean,
  ) {}

  /** The resolved twin, in the root that holds the dependencies, of an object of the own file. */
  twin<T extends protobuf.ReflectionObject>(o: T): T {
    const found = this.all.lookup(o.fullName);
    if (!found) throw new Error(`${o.fullName} is not defined`);
    return found as T;
  }

  typeName(f: protobuf.Field): string {
    if (f.resolvedType) {
      if (isGroup(f.resolvedType)) return f.resolvedType.name;
      return f.resolvedType.fullName;
    }
    return f.type;
  }

  field(f: protobuf.Field, resolved: protobuf.Field, depth: number): string {
    const prefix = "  ".repeat(depth);
    const opts = f.options as Opts;
    let type: string;
    if (f instanceof protobuf.MapField) {
      const valueType = resolved.resolvedType ? resolved.resolvedType.fullName : f.type;
      type = `map<${f.keyType}, ${valueType}>`;
    } else type = this.typeName(resolved);
    const group = isGroup(resolved.resolvedType);
    const inOneof = f.partOf !== null && !opts?.proto3_optional;
    let label = "";
    if (ruleOf(f) === "repeated") label = "repeated ";
    else if (ruleOf(f) === "required") label = "required ";
    else if (
      !(f instanceof protobuf.MapField) &&
      !inOneof &&
      (opts?.proto3_optional || this.proto2)
    )
      label = "optional ";
    const bracket: string[] = [];
    if (opts?.default !== undefined)
      bracket.push(`default = ${this.defaultValue(resolved, opts.default)}`);
    if (opts?.json_name !== undefined)
      bracket.push(`json_name = "${cEscape(String(opts.json_name))}"`);
    bracket.push(...optionList(opts, "field", resolved.parent ?? this.all));
    let out = `${prefix}${label}${group ? "group" : type} ${group ? type : f.name} = ${f.id}`;
    if (bracket.length) out += ` [${bracket.join(", ")}]`;
    if (group)
      return `${out}${this.messageBody(resolved.resolvedType as protobuf.Type, resolved.resolvedType as protobuf.Type, depth)}`;
    return `${out};\n`;
  }

  defaultValue(f: protobuf.Field, v: unknown): string {
    if (f.resolvedType instanceof protobuf.Enum) return String(v);
    if (f.type === "string" || f.type === "bytes") return `"${cEscape(String(v))}"`;
    if (typeof v === "number" && (f.type === "double" || f.type === "float")) return dtoa(v);
    return String(v);
  }

  enumeration(e: protobuf.Enum, depth: number): string {
    const prefix = "  ".repeat(depth);
    let out = `${prefix}enum ${e.name} {\n`;
    out += lineOptions(
      `${prefix}  `,
      optionList(e.options as Opts, "enum", this.twin(e).parent ?? this.all),
    );
    for (const [name, id] of Object.entries(e.values)) {
      const opts = optionList(
        e.valuesOptions?.[name] as Opts,
        "enumValue",
        this.twin(e).parent ?? this.all,
      );
      out += `${prefix}  ${name} = ${id}${opts.length ? ` [${opts.join(", ")}]` : ""};\n`;
    }
    const ranges = (e.reserved ?? []).filter((r): r is number[] => Array.isArray(r));
    if (ranges.length)
      out += `${prefix}  reserved ${ranges
        .map(([a, b]) => (a === b ? `${a}` : b === 2147483647 ? `${a} to max` : `${a} to ${b}`))
        .join(", ")};\n`;
    out += this.reservedNames(e.reserved, prefix);
    return `${out}${prefix}}\n`;
  }

  reservedNames(reserved: (number[] | string)[] | undefined, prefix: string): string {
    const names = (reserved ?? []).filter((r): r is string => typeof r === "string");
    return names.length
      ? `${prefix}  reserved ${names.map((n) => `"${cEscape(n)}"`).join(", ")};\n`
      : "";
  }

  extensions(fields: protobuf.Field[], depth: number): string {
    const prefix = "  ".repeat(depth);
    let out = "";
    let current: string | undefined;
    for (const f of fields) {
      const resolved = this.twin(f);
      const extendee = resolved.extensionField?.parent?.fullName ?? f.extend ?? "";
      if (extendee !== current) {
        if (current !== undefined) out += `${prefix}}\n${depth === 0 ? "\n" : ""}`;
        current = extendee;
        out += `${prefix}extend ${extendee} {\n`;
      }
      out += this.field(f, resolved, depth + 1);
    }
    if (current !== undefined) out += `${prefix}}\n${depth === 0 ? "\n" : ""}`;
    return out;
  }

  /** A message's body, from the opening brace: `message X` (or a group field) comes before it. */
  messageBody(t: protobuf.Type, resolved: protobuf.Type, depth: number): string {
    const prefix = "  ".repeat(depth);
    let out = " {\n";
    out += lineOptions(`${prefix}  `, optionList(t.options as Opts, "message", resolved));
    const groups = new Set(
      t.fieldsArray.map((f) => resolved.fields[f.name]?.resolvedType).filter(isGroup),
    );
    for (const n of t.nestedArray)
      if (n instanceof protobuf.Type && !groups.has(this.twin(n)))
        out += this.message(n, depth + 1);
    for (const n of t.nestedArray)
      if (n instanceof protobuf.Enum) out += this.enumeration(n, depth + 1);
    const printed = new Set<protobuf.OneOf>();
    for (const f of t.fieldsArray) {
      if (f.declaringField) continue;
      const oneof = f.partOf;
      if (oneof && !(f.options as Opts)?.proto3_optional) {
        if (printed.has(oneof)) continue;
        printed.add(oneof);
        out += `${prefix}  oneof ${oneof.name} {\n`;
        out += lineOptions(`${prefix}    `, optionList(oneof.options as Opts, "oneof", resolved));
        for (const member of oneof.fieldsArray)
          out += this.field(member, resolved.fields[member.name]!, depth + 2);
        out += `${prefix}  }\n`;
        continue;
      }
      out += this.field(f, resolved.fields[f.name]!, depth + 1);
    }
    for (const r of t.extensions ?? []) {
      const [a, b] = r as number[];
      out += `${prefix}  extensions ${a}${b! > a! ? ` to ${b}` : ""};\n`;
    }
    const nestedExt = t.nestedArray.filter(
      (n): n is protobuf.Field => n instanceof protobuf.Field && n.extend !== undefined,
    );
    out += this.extensions(nestedExt, depth + 1);
    const ranges = (t.reserved ?? []).filter((r): r is number[] => Array.isArray(r));
    if (ranges.length)
      out += `${prefix}  reserved ${ranges
        .map(([a, b]) => (a === b ? `${a}` : b! >= 536870911 ? `${a} to max` : `${a} to ${b}`))
        .join(", ")};\n`;
    out += this.reservedNames(t.reserved, prefix);
    return `${out}${prefix}}\n`;
  }

  message(t: protobuf.Type, depth: number): string {
    return `${"  ".repeat(depth)}message ${t.name}${this.messageBody(t, this.twin(t), depth)}`;
  }

  service(s: protobuf.Service): string {
    let out = `service ${s.name} {\n`;
    out += lineOptions("  ", optionList(s.options as Opts, "service", this.twin(s)));
    const resolved = this.twin(s);
    for (const m of s.methodsArray) {
      const r = resolved.methods[m.name]!;
      const req = r.resolvedRequestType?.fullName ?? m.requestType;
      const res = r.resolvedResponseType?.fullName ?? m.responseType;
      out += `  rpc ${m.name}(${m.requestStream ? "stream " : ""}${req}) returns (${m.responseStream ? "stream " : ""}${res})`;
      const opts = optionList(m.options as Opts, "method", resolved);
      out += opts.length ? ` {\n${lineOptions("    ", opts)}  }\n` : ";\n";
    }
    return `${out}}\n`;
  }
}

/** The stored form of a Protobuf schema's text; throws when it does not parse or resolve. */
export function protobufStoredForm(text: string, deps: ProtoDep[]): string {
  const { all, own, pkg, syntax, imports } = protobufFiles(text, deps);
  if (/^\d/.test(syntax)) throw new Error(`edition ${syntax} is not rendered`);
  const r = new Renderer(all, syntax === "proto2");
  const ns = pkg ? (own.lookup(pkg) as protobuf.Namespace) : own;
  let s = `syntax = "${syntax}";\n\n`;
  s += imports.map((i) => `import ${i.kind}"${i.path}";\n`).join("");
  if (pkg) s += `package ${pkg};\n\n`;
  const fileOptions = optionList(
    ns.options as Opts,
    "file",
    (pkg ? (all.lookup(pkg) as protobuf.Namespace | null) : null) ?? all,
  );
  if (fileOptions.length) s += `${lineOptions("", fileOptions)}\n`;
  const top = ns.nestedArray;
  for (const n of top) if (n instanceof protobuf.Enum) s += `${r.enumeration(n, 0)}\n`;
  for (const n of top) if (n instanceof protobuf.Type && !isGroup(n)) s += `${r.message(n, 0)}\n`;
  for (const n of top) if (n instanceof protobuf.Service) s += `${r.service(n)}\n`;
  s += r.extensions(
    top.filter((n): n is protobuf.Field => n instanceof protobuf.Field && n.extend !== undefined),
    0,
  );
  if (!pkg || imports.length === 0) return s;
  // Redpanda's debug_string(): the package line above the imports, one blank line around them,
  // newlines trimmed from the ends of each part.
  const trim = (x: string) => x.replace(/^\n+|\n+$/g, "");
  const syntaxLine = `syntax = "${syntax}";`;
  const packageLine = `package ${pkg};`;
  const at = s.indexOf(packageLine);
  const importsPart = trim(s.slice(syntaxLine.length, at));
  const rest = trim(s.slice(at + packageLine.length));
  return `${syntaxLine}\n${packageLine}\n\n${importsPart}\n\n${rest}\n`;
}
