/**
 * An Avro schema as Redpanda's Schema Registry stores and returns it. Source: redpanda-data/redpanda
 * src/v/pandaproxy/schema_registry/avro.cc, `sanitize_avro_schema_definition` (at 1c6cff3), which
 * `sharded_store::make_canonical_schema` applies to every Avro schema before it is stored:
 * - the JSON is rewritten compactly (no whitespace); member order is kept except as below;
 * - a full name (`"name": "shop.Money"`) is split into a simple name and a `namespace`; a name's
 *   leading dot alone is dropped (`.Money` is `Money` in the null namespace);
 * - a `namespace` equal to the enclosing one is removed, a different one is kept or added;
 * - a union's string members lose a leading dot when it is their only dot;
 * - the members of a record, enum, array, map, fixed and of a field are sorted: `type`, `name`
 *   (fields: `name`, `type`), `namespace`, `doc`, `fields`, `order`, `symbols`, `items`, `values`,
 *   `default`, `size`, `aliases`, then any other member in the order written.
 * Defaults, docs, aliases and custom properties are kept: they are part of the stored schema.
 * Not Avro's Parsing Canonical Form, which Redpanda does not use for storage.
 */
import type { JsonNode } from "./json-text";
import { member, parseJson, writeJson } from "./json-text";

const ORDER = [
  "type",
  "name",
  "namespace",
  "doc",
  "fields",
  "order",
  "symbols",
  "items",
  "values",
  "default",
  "size",
  "aliases",
];

/** Sorts an object's members in place; `field` puts `name` before `type`. Stable, as std::sort is on so few. */
function sortMembers(o: Extract<JsonNode, { kind: "object" }>, field: boolean): void {
  const rank = (k: string) => {
    if (field && k === "name") return 0;
    if (field && k === "type") return 1;
    const i = ORDER.indexOf(k);
    return i < 0 ? ORDER.length : i;
  };
  o.members = o.members
    .map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m[0]) - rank(b.m[0]) || a.i - b.i)
    .map(({ m }) => m);
}

class Invalid extends Error {}

function sanitize(v: JsonNode, ns: string[]): void {
  if (v.kind === "array") for (const item of v.items) sanitize(item, ns);
  if (v.kind === "object") sanitizeObject(v, ns);
}

function sanitizeObject(o: Extract<JsonNode, { kind: "object" }>, ns: string[]): void {
  let pushed = false;
  const nameNode = member(o, "name");
  if (nameNode) {
    if (nameNode.kind !== "string" || nameNode.value === "")
      throw new Invalid('Invalid JSON Field "name"');
    const full = nameNode.value;
    const dot = full.lastIndexOf(".");
    let namespace: string | undefined;
    if (dot >= 0) {
      nameNode.value = full.slice(dot + 1);
      namespace = full.slice(0, dot);
    } else {
      const given = member(o, "namespace");
      if (given) {
        if (given.kind !== "string") throw new Invalid('Invalid JSON Field "namespace"');
        namespace = given.value;
      }
    }
    if (namespace !== undefined && ns[ns.length - 1] !== namespace) {
      ns.push(namespace);
      pushed = true;
      const given = o.members.find(([k]) => k === "namespace");
      if (given) {
        if (given[1].kind !== "string") throw new Invalid('Invalid JSON Field "namespace"');
        given[1] = { kind: "string", value: namespace };
      } else o.members.push(["namespace", { kind: "string", value: namespace }]);
    } else {
      o.members = o.members.filter(([k]) => k !== "namespace");
    }
  }
  try {
    const type = member(o, "type");
    if (!type) return;
    sanitize(type, ns);
    if (type.kind === "string") sanitizeType(o, type.value, ns);
    else if (type.kind === "array") {
      for (const m of type.items) {
        if (m.kind !== "string") continue;
        if (m.value === "") throw new Invalid('Invalid JSON Field "name"');
        if (m.value.lastIndexOf(".") === 0) m.value = m.value.slice(1);
      }
      sortMembers(o, true);
    } else if (type.kind === "object") sortMembers(o, true);
  } finally {
    if (pushed) ns.pop();
  }
}

function sanitizeType(o: Extract<JsonNode, { kind: "object" }>, type: string, ns: string[]) {
  if (type === "array" || type === "enum" || type === "fixed" || type === "map") {
    sortMembers(o, false);
    for (const [, v] of o.members) sanitize(v, ns);
  } else if (type === "record") {
    const fields = member(o, "fields");
    if (!fields) throw new Invalid('Missing JSON field "fields"');
    if (fields.kind !== "array") throw new Invalid('JSON field "fields" is not an array');
    sanitize(fields, ns);
    sortMembers(o, false);
  } else sortMembers(o, true);
}

/** The stored form of an Avro schema's text; throws an Error saying what is wrong with it. */
export function avroStoredForm(text: string): string {
  if (text === "") throw new Error("Empty schema");
  const doc = parseJson(text);
  try {
    sanitize(doc, [""]);
  } catch (err) {
    if (err instanceof Invalid) throw new Error(`${err.message} ${text}`);
    throw err;
  }
  return writeJson(doc);
}
