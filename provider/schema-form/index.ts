/**
 * Schemas in the form Redpanda's Schema Registry stores and returns them (its "canonical" form):
 * the emulator stores schemas in it, and the Schema kind compares a declared schema with what the
 * registry returns through it, so a schema the registry rewrote is still the same schema. Two
 * texts are the same schema when their stored forms are equal — the registry's own rule for
 * giving them one id (`sharded_store::get_schema_version` compares the canonical definitions).
 */
import { avroStoredForm } from "./avro";
import { jsonSchemaStoredForm } from "./json-schema";
import type { ProtoDep } from "./protobuf";
import { protobufStoredForm } from "./protobuf";

export type { ProtoDep } from "./protobuf";
export { protobufFiles } from "./protobuf";

/**
 * The stored form of a schema. `deps` are the referenced schemas, dependencies first (Protobuf
 * needs them to resolve imported types; Avro and JSON Schema are rewritten without them).
 * Throws an Error saying why the text is not a schema of that type.
 */
export function storedForm(
  type: string,
  text: string,
  deps: ProtoDep[] = [],
  options: { normalize?: boolean } = {},
): string {
  if (type === "PROTOBUF") return protobufStoredForm(text, deps);
  if (type === "JSON") return jsonSchemaStoredForm(text, options.normalize);
  return avroStoredForm(text);
}

/** The stored form, or undefined when this package cannot compute it (unparsable text). */
export function tryStoredForm(
  type: string,
  text: string,
  deps: ProtoDep[] = [],
): string | undefined {
  try {
    return storedForm(type, text, deps);
  } catch {
    return undefined;
  }
}

/**
 * Whether two texts are the same schema to the registry: equal, or equal in stored form. When
 * either cannot be put in that form (a Protobuf import whose file is not among `deps`), only
 * equal texts are the same: a change is never hidden.
 */
export function sameSchemaText(type: string, a: string, b: string, deps: ProtoDep[] = []): boolean {
  if (a === b) return true;
  // Avro and JSON Schema texts must be whole JSON documents here (the Schema kind's check):
  // what follows a document, which the registry ignores, is still a change to the input.
  if (type !== "PROTOBUF" && !(wholeJson(a) && wholeJson(b))) return false;
  const fa = tryStoredForm(type, a, deps);
  return fa !== undefined && fa === tryStoredForm(type, b, deps);
}

function wholeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
