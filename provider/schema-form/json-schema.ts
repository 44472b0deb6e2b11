/**
 * A JSON Schema as Redpanda's Schema Registry stores and returns it. Source: redpanda-data/redpanda
 * src/v/pandaproxy/schema_registry/json.cc, `make_canonical_json_schema` (at 1c6cff3): the document
 * is parsed and written back compactly (rapidjson's Writer), members in the order written. With
 * `?normalize=true` on the request it first sorts the members of the top-level object (its `sort`
 * recurses into arrays but not into an object's values, so nested objects keep their order) and
 * sorts and de-duplicates the references.
 */
import type { JsonNode } from "./json-text";
import { parseJson, writeJson } from "./json-text";

function sortTop(v: JsonNode): void {
  if (v.kind === "array") for (const item of v.items) sortTop(item);
  if (v.kind === "object") v.members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The stored form of a JSON Schema's text; throws an Error saying what is wrong with it. */
export function jsonSchemaStoredForm(text: string, normalize = false): string {
  const doc = parseJson(text);
  if (normalize) sortTop(doc);
  return writeJson(doc);
}
