/**
 * The definition under a zod schema, read where a schema is walked rather than parsed: the wire
 * mapping (./wire-case.ts) and the generators (scripts/codegen/zod.ts). zod 4 keeps it at
 * `_zod.def`; these are the parts read.
 */
import type { z } from "zod";

export type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  defaultValue?: unknown;
  /** A pipe's (a `.transform()`'s) input schema. */
  in?: z.ZodType;
};

/**
 * The definition under a zod schema: zod types `_zod.def` as the union of its definitions, each of
 * which is a {@link Def} with the parts it has.
 */
export const def = (s: z.ZodType): Def => s._zod.def;
