/**
 * Stored state, decoded by the kind's declaration rather than trusted: what the engine hands back
 * (a resource's outputs, its olds at diff and update) is the declared inputs and outputs of
 * whichever release wrote it. Each declared output present is parsed with its schema; inputs and
 * anything undeclared (the type marker, the shim, keys of earlier or later releases) pass as
 * stored. A state written by an older release may miss an output or hold one in an older shape:
 * such an output is left out (the next read fills it from the API) rather than fail the resource
 * — every state ever written must still refresh and delete.
 */
import * as z from "zod";
import type { Fields, Kind } from "./declare";

/** The outputs of each kind, as one loose object schema (built once per kind). */
const schemas = new WeakMap<Kind, z.ZodType<Record<string, unknown>>>();

function stateSchema(kind: Kind): z.ZodType<Record<string, unknown>> {
  let schema = schemas.get(kind);
  if (!schema) {
    const shape = Object.fromEntries(
      Object.entries(kind.outputs).map(([name, out]) => [name, out.schema.optional()]),
    );
    schema = z.looseObject(shape);
    schemas.set(kind, schema);
  }
  return schema;
}

/** What decoding found: the state, and the stored outputs it left out (none, normally). */
export interface Decoded<O> {
  state: O;
  dropped: string[];
}

/**
 * Decodes a stored state of `kind`. `O` is the kind's stored shape (its inputs and outputs), which
 * the kind's spec declares; the outputs are checked here against the declaration.
 */
export function decodeState<F extends Fields, O>(
  kind: Kind<F>,
  stored: Record<string, unknown>,
): Decoded<O> {
  const schema = stateSchema(kind);
  let result = schema.safeParse(stored);
  const dropped: string[] = [];
  if (!result.success) {
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    dropped.push(...bad);
    result = schema.safeParse(
      Object.fromEntries(Object.entries(stored).filter(([k]) => !bad.has(k))),
    );
  }
  // Only declared outputs can fail, and those were left out: the second parse holds.
  const state = result.success ? result.data : {};
  return { state: state as O, dropped };
}
