/**
 * One input of a kind's declaration: its schema, what changing it does, its doc line. A module of
 * its own so that the shared fields (fields.ts) and declareKind (declare.ts) both use it without
 * importing each other.
 */
import type { z } from "zod";

/** What changing an input does: replace the resource, update it in place, or nothing. */
export type Change = "replace" | "update" | "none";

export type Phase = "create" | "update" | "delete";

export interface Field<S extends z.ZodType = z.ZodType> {
  schema: S;
  change: Change;
  /** One line for TSDoc and the docs; the change, the default and the unit's words are added. */
  doc: string;
  /** Kept secret in state and never printed; a check failure names it without its value. */
  secret?: boolean;
  /**
   * Never read back (a password, a secret's value): optional in the schema so that an imported
   * resource, which cannot know it, keeps the server's value until the program sets one; a new
   * resource must set it (the check says so when there are no old inputs).
   */
  writeOnly?: boolean;
  /** For an input that updates in place but replaces under a condition: "it shrinks". */
  replacesWhen?: string;
  /** The public type's name when it is a named interface of this kind (see `Kind.types`). */
  publicType?: string;
  /**
   * Whether two values that differ as JSON are still the same to the API (a schema's text that the
   * registry rewrites into its canonical form, two forms of one cluster's address): diff then
   * reports no change. `news` are the new inputs, for a rule that depends on another input.
   */
  same?: (old: unknown, now: unknown, news: Record<string, unknown>) => boolean;
  /** What a change does, in words, when the `change` rule's own words would not say it. */
  changeDoc?: string;
  /** A plain value in the public type, not a `pulumi.Input` (it decides resource options). */
  plain?: boolean;
}
