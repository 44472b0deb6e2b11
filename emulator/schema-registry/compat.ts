/**
 * Schema parsing and compatibility, with real parsers: avsc for Avro (schema resolution, as a
 * consumer with one schema reads data written with another), protobufjs for Protobuf, ajv for JSON
 * Schema. `reads(reader, writer)` says why a reader cannot read what a writer wrote, or nothing.
 */
import Ajv from "ajv";
import * as avro from "avsc";
import * as protobuf from "protobufjs";
import { protobufFiles } from "../../provider/schema-form";

export type SchemaType = "AVRO" | "PROTOBUF" | "JSON";

/** A schema with the schemas its references name, already resolved (dependencies first). */
export interface Resolved {
  type: SchemaType;
  text: string;
  /** Referenced schemas, in dependency order: `name` is the Avro full name or the .proto file. */
  deps: { name: string; text: string }[];
}

export type Parsed =
  | { type: "AVRO"; avro: avro.Type }
  | { type: "PROTOBUF"; messages: Map<string, Map<number, { type: string; rule: string }>> }
  | { type: "JSON"; json: Record<string, unknown> };

/** Parses a schema; throws an Error whose message says what is wrong with it. */
export function parse(s: Resolved): Parsed {
  if (s.type === "AVRO") {
    const registry: Record<string, avro.Type> = {};
    for (const dep of s.deps) avro.Type.forSchema(JSON.parse(dep.text), { registry });
    return { type: "AVRO", avro: avro.Type.forSchema(JSON.parse(s.text), { registry }) };
  }
  if (s.type === "PROTOBUF") {
    // The references, then the well-known google/protobuf files it imports (Redpanda's
    // protobuf.cc `known_types` need no reference), then the schema, resolved together.
    const { all, pkg } = protobufFiles(s.text, s.deps);
    return { type: "PROTOBUF", messages: messagesOf(all, pkg) };
  }
  const json = JSON.parse(s.text) as Record<string, unknown>;
  new Ajv({ strict: false, allErrors: true }).compile(json);
  return { type: "JSON", json };
}

/** Every message of the file (nested ones too), by full name, its fields by number. */
function messagesOf(
  root: protobuf.Root,
  pkg: string | undefined,
): Map<string, Map<number, { type: string; rule: string }>> {
  const out = new Map<string, Map<number, { type: string; rule: string }>>();
  const visit = (ns: protobuf.NamespaceBase): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Type) {
        out.set(
          child.fullName.replace(/^\./, ""),
          new Map(
            child.fieldsArray.map((f) => [
              f.id,
              {
                type: f.resolvedType ? f.resolvedType.fullName : f.type,
                rule: f.repeated ? "repeated" : f.required ? "required" : "optional",
              },
            ]),
          ),
        );
      }
      if (child instanceof protobuf.Namespace) visit(child);
    }
  };
  visit(pkg ? ((root.lookup(pkg) as protobuf.Namespace | null) ?? root) : root);
  return out;
}

/** Scalar types that share a wire encoding, so a change among them keeps old bytes readable. */
const WIRE_GROUPS = [
  ["int32", "uint32", "int64", "uint64", "bool"],
  ["sint32", "sint64"],
  ["fixed32", "sfixed32"],
  ["fixed64", "sfixed64"],
  ["string", "bytes"],
];
const sameWire = (a: string, b: string) =>
  a === b || WIRE_GROUPS.some((g) => g.includes(a) && g.includes(b));

/** Why `reader` cannot read what `writer` wrote; undefined when it can. */
export function reads(reader: Parsed, writer: Parsed): string | undefined {
  if (reader.type !== writer.type)
    return `schema type changed from ${writer.type} to ${reader.type}`;
  if (reader.type === "AVRO" && writer.type === "AVRO") {
    try {
      reader.avro.createResolver(writer.avro);
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  }
  if (reader.type === "PROTOBUF" && writer.type === "PROTOBUF") {
    for (const [name, wfields] of writer.messages) {
      const rfields = reader.messages.get(name);
      if (!rfields) return `message ${name} was removed`;
      for (const [id, wf] of wfields) {
        const rf = rfields.get(id);
        if (!rf) continue;
        if (!sameWire(rf.type, wf.type))
          return `field ${id} of ${name} changed type from ${wf.type} to ${rf.type}`;
        if ((rf.rule === "repeated") !== (wf.rule === "repeated"))
          return `field ${id} of ${name} changed between repeated and single`;
      }
      for (const [id, rf] of rfields) {
        if (rf.rule === "required" && !wfields.has(id))
          return `required field ${id} of ${name} was added`;
      }
    }
    return undefined;
  }
  if (reader.type === "JSON" && writer.type === "JSON") return jsonReads(reader.json, writer.json);
  return undefined;
}

/** JSON Schema: the top-level object rules a reader may not tighten. */
function jsonReads(r: Record<string, unknown>, w: Record<string, unknown>): string | undefined {
  if (r.type !== undefined && w.type !== undefined && r.type !== w.type)
    return `type changed from ${JSON.stringify(w.type)} to ${JSON.stringify(r.type)}`;
  const rReq = (r.required as string[] | undefined) ?? [];
  const wReq = new Set((w.required as string[] | undefined) ?? []);
  const added = rReq.filter((p) => !wReq.has(p));
  if (added.length) return `required properties added: ${added.join(", ")}`;
  const rProps = (r.properties as Record<string, { type?: unknown }> | undefined) ?? {};
  const wProps = (w.properties as Record<string, { type?: unknown }> | undefined) ?? {};
  for (const [p, ws] of Object.entries(wProps)) {
    const rs = rProps[p];
    if (
      rs?.type !== undefined &&
      ws.type !== undefined &&
      JSON.stringify(rs.type) !== JSON.stringify(ws.type)
    )
      return `property ${p} changed type from ${JSON.stringify(ws.type)} to ${JSON.stringify(rs.type)}`;
    if (!rs && r.additionalProperties === false) return `property ${p} is no longer allowed`;
  }
  return undefined;
}

export const LEVELS = [
  "BACKWARD",
  "BACKWARD_TRANSITIVE",
  "FORWARD",
  "FORWARD_TRANSITIVE",
  "FULL",
  "FULL_TRANSITIVE",
  "NONE",
] as const;

/**
 * Why `next` breaks `level` against the earlier versions (newest first), or undefined.
 * Non-transitive levels check the latest version only.
 */
export function incompatibility(
  level: string,
  next: Parsed,
  earlier: Parsed[],
): string | undefined {
  if (level === "NONE" || earlier.length === 0) return undefined;
  const against = level.endsWith("_TRANSITIVE") ? earlier : earlier.slice(0, 1);
  const backward = level.startsWith("BACKWARD") || level.startsWith("FULL");
  const forward = level.startsWith("FORWARD") || level.startsWith("FULL");
  for (const old of against) {
    const b = backward ? reads(next, old) : undefined;
    if (b) return `${level}: the new schema cannot read data written with an earlier one (${b})`;
    const f = forward ? reads(old, next) : undefined;
    if (f) return `${level}: an earlier schema cannot read data written with the new one (${f})`;
  }
  return undefined;
}
