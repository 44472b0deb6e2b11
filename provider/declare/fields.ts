/** Input pieces several kinds declare: deadlines, adoption ids, the data-plane URL. */
import * as z from "zod";
import { sameClusterAddress } from "../transport/endpoint";
import type { Field, Phase } from "./field";

/** "90m", "30s", "2h" or a number of minutes → milliseconds. */
export const duration = z
  .union([
    z.number().positive(),
    z.string().regex(/^\d+(\.\d+)?(s|m|h)$/, 'use a duration such as "30s", "15m" or "2h"'),
  ])
  .transform((v) => {
    if (typeof v === "number") return v * 60_000;
    const n = Number(v.slice(0, -1));
    return n * { s: 1_000, m: 60_000, h: 3_600_000 }[v.slice(-1) as "s" | "m" | "h"];
  });

/** Per-resource deadlines (customTimeouts does not reach dynamic providers). */
const timeoutsSchema = z
  .object({
    create: z.unknown().optional(),
    update: z.unknown().optional(),
    delete: z.unknown().optional(),
  })
  .strict()
  .optional()
  // Validated at check time so mistakes surface at preview.
  .superRefine((t, ctx) => {
    for (const key of ["create", "update", "delete"] as const) {
      const v = t?.[key];
      if (v !== undefined && !duration.safeParse(v).success) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `timeouts.${key} must be a duration such as "30s", "15m" or "2h" (or minutes as a number)`,
        });
      }
    }
  });

/** The parsed `timeouts` input. */
export type TimeoutsInput = z.infer<typeof timeoutsSchema>;

/** The deadline of a phase: the declared duration, or the kind's default. */
export function deadline(timeouts: TimeoutsInput, phase: Phase, fallbackMs: number): number {
  const raw = timeouts?.[phase];
  if (raw === undefined || raw === null) return fallbackMs;
  const parsed = duration.safeParse(raw);
  return parsed.success ? parsed.data : fallbackMs;
}

/** `timeouts`: its doc line names the kind's defaults (generated from `Kind.timeouts`). */
export const timeouts = {
  schema: timeoutsSchema,
  change: "none",
  doc: "Deadlines, as durations such as `30s`, `15m`, `2h` or a number of minutes",
  publicType: "Timeouts",
} satisfies Field;

/** `adoptId`: take over an existing resource instead of creating one. */
export function adoptId(doc: string) {
  return { schema: z.string().min(1).optional(), change: "none", doc } satisfies Field;
}

/**
 * `dataplaneApiUrl`: binds a data-plane resource to one cluster. The cluster is the identity, not
 * the address: another form of the same cluster's URL (`host:443`, a trailing slash, upper-case
 * host, the same cluster id) changes nothing; a URL of another cluster replaces.
 */
export const dataplaneApiUrl = {
  schema: z.url({
    message: "dataplaneApiUrl must be the cluster's data-plane URL (cluster.dataplaneApiUrl)",
  }),
  change: "replace",
  same: sameClusterAddress,
  doc: "The cluster's data-plane URL (`cluster.dataplaneApiUrl`); another form of the same cluster's URL (`host:443`, a trailing slash, upper-case host) is no change",
} satisfies Field;

/**
 * The stack's `redpanda:allowDeletion`, as both front doors read it (the resource classes' `protect`
 * and the provider's own refusal): `true` (any case, spaces around) allows deleting and replacing
 * the kinds that hold data; anything else, or unset, keeps them guarded.
 */
export function stackAllowsDeletion(raw: string | undefined): boolean {
  return raw?.trim().toLowerCase() === "true";
}

/**
 * `allowDeletion` on the kinds that hold data (clusters, serverless clusters, topics, schemas,
 * shadow links): unless it is true, or the stack sets `redpanda:allowDeletion`, the resource class
 * marks the resource `protect` (the engine refuses its delete or replace at preview) and the
 * provider refuses to delete or replace it before any API call. A plain boolean, not an Input: the
 * engine's `protect` option must be known when the resource is registered.
 */
export const allowDeletion = {
  schema: z.boolean().optional(),
  // An update of the state alone (runtime/lifecycle.ts): unset and false are the same.
  change: "update",
  doc:
    "Allow Pulumi to delete or replace this resource and its data. Default false: the resource is " +
    "`protect`ed and its deletion refused, unless the stack sets `redpanda:allowDeletion` to true",
  changeDoc: "Changing it updates the state only (no API call); it never replaces.",
  plain: true,
} satisfies Field;
