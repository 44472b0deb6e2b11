/**
 * Nested inputs travel as the vendor's snake_case objects. These walk a value alongside its zod
 * schema (provider/wire/nested-schemas.ts, generated from contract/) so that only declared keys
 * are renamed: the keys of free-form maps (cluster properties, tags) stay as the user wrote them,
 * and keys the schema does not know are dropped (a newer API's fields on the way in; fields an
 * update body lacks on the way out).
 */
import type { z } from "zod";
import { IRREGULAR_WIRE_KEYS } from "../wire/nested-schemas";
import type { Def } from "./zod-def";
import { def } from "./zod-def";

/** The wire name of a camelCase key. */
export function wireKey(key: string): string {
  return IRREGULAR_WIRE_KEYS[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Strips optional, default, refinement and pipe wrappers down to the value's schema. */
function core(schema: z.ZodType): Def {
  let d = def(schema);
  while ((d.type === "optional" || d.type === "default" || d.type === "nullable") && d.innerType) {
    d = def(d.innerType);
  }
  if (d.type === "pipe" && d.in) return core(d.in);
  return d;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A camelCase input value as the wire wants it, keeping only what `schema` declares. */
export function toWire(schema: z.ZodType, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const d = core(schema);
  if (d.type === "object" && d.shape && isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = d.shape[key];
      if (field && v !== undefined) out[wireKey(key)] = toWire(field, v);
    }
    return out;
  }
  if (d.type === "array" && d.element && Array.isArray(value)) {
    return value.map((v) => toWire(d.element as z.ZodType, v));
  }
  if (d.type === "record" && d.valueType && isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, toWire(d.valueType as z.ZodType, v)]),
    );
  }
  return value;
}

/** A wire value in camelCase, keeping only what `schema` declares (unknown fields dropped). */
export function fromWire(schema: z.ZodType, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const d = core(schema);
  if (d.type === "object" && d.shape && isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(d.shape)) {
      const v = fromWire(field, value[wireKey(key)]);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  if (d.type === "array" && d.element && Array.isArray(value)) {
    return value.map((v) => fromWire(d.element as z.ZodType, v));
  }
  if (d.type === "record" && d.valueType && isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fromWire(d.valueType as z.ZodType, v)]),
    );
  }
  return value;
}

/**
 * The live value seen through what was declared: the keys the user set, at every depth, with the
 * API's values. So a refresh reports drift in what a program declares, not the server's defaults
 * for what it left out.
 */
export function projectOnto(declared: unknown, live: unknown): unknown {
  if (isObject(declared) && isObject(live)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(declared)) {
      if (declared[key] === undefined) continue;
      const v = projectOnto(declared[key], live[key]);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  if (isObject(declared) && live === undefined) return undefined;
  return live;
}

/**
 * What of `value` an update body cannot carry: the keys `updateSchema` lacks, at every depth.
 * Two values that differ here differ in what only a new resource can change.
 */
export function outsideUpdate(updateSchema: z.ZodType, value: unknown): unknown {
  const d = core(updateSchema);
  if (d.type !== "object" || !d.shape || !isObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = d.shape[key];
    if (!field) out[key] = v;
    else if (core(field).type === "object") {
      const rest = outsideUpdate(field, v);
      if (rest !== undefined && Object.keys(rest as object).length > 0) out[key] = rest;
    }
  }
  return out;
}
