/**
 * Reading zod schemas for the generators (scripts/codegen/resources.ts, scripts/codegen/schema.ts):
 * the definition under a schema, and its optional/default wrappers.
 */
import * as z from "zod";
import { NAMED_ENUMS } from "../../provider/enums";
import type { Def } from "../../provider/declare/zod-def";
import { def } from "../../provider/declare/zod-def";

export type { Def };
export { def };

/** Unwraps optional/default wrappers: the value's schema, whether it may be left out, its default. */
export function unwrap(s: z.ZodType): {
  inner: z.ZodType;
  optional: boolean;
  defaultValue?: unknown;
} {
  let inner = s;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    const d = def(inner);
    if (d.type === "optional" && d.innerType) {
      optional = true;
      inner = d.innerType;
    } else if (d.type === "default" && d.innerType) {
      optional = true;
      defaultValue = d.defaultValue;
      inner = d.innerType;
    } else return { inner, optional, defaultValue };
  }
}

/** The description a nested schema carries (`.describe()`), through its wrappers. */
export function described(s: z.ZodType): string | undefined {
  let cur: z.ZodType | undefined = s;
  while (cur) {
    if (cur.description) return cur.description;
    cur = def(cur).innerType;
  }
  return undefined;
}

/** An enum schema's values, in order (none for a schema that is not an enum). */
export const enumValues = (s: z.ZodType): string[] =>
  s instanceof z.ZodEnum ? s.options.map(String) : [];

/** A literal schema's values (none for a schema that is not a literal). */
export const literalValues = (s: z.ZodType): unknown[] =>
  s instanceof z.ZodLiteral ? [...s.values] : [];

/** Whether a number schema only accepts integers (`.int()`). */
export const isInt = (s: z.ZodType): boolean => s instanceof z.ZodNumber && s.isInt;

/** The name of the enum of provider/enums.ts with exactly these values, if any. */
export function namedEnum(values: readonly string[]): string | undefined {
  return Object.entries(NAMED_ENUMS).find(
    ([, named]) => named.length === values.length && named.every((v, i) => v === values[i]),
  )?.[0];
}
