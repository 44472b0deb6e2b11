/** Input pieces and helpers every resource spec shares. */
import { z } from "zod";
import type { Operation } from "../client/schemas";
import { formatDuration, pollUntil, waitForOperation } from "../client/waiter";
import type { Observation } from "../client/waiter";
import { getClients, log } from "./context";

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

/** Per-resource deadlines (customTimeouts does not reach dynamic providers). Never replaces. */
export const timeoutsSchema = z
  .object({
    create: z.unknown().optional(),
    update: z.unknown().optional(),
    delete: z.unknown().optional(),
  })
  .strict()
  .optional();

export type Timeouts = z.infer<typeof timeoutsSchema>;

export function deadline(
  timeouts: Timeouts,
  which: "create" | "update" | "delete",
  fallbackMs: number,
): number {
  const raw = timeouts?.[which];
  if (raw === undefined || raw === null) return fallbackMs;
  const parsed = duration.safeParse(raw);
  return parsed.success ? parsed.data : fallbackMs;
}

/** Validates the optional timeouts object at check time so mistakes surface at preview. */
export const timeoutsInput = timeoutsSchema.superRefine((t, ctx) => {
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

/** The id of an existing resource to take over instead of creating one; ignored afterwards. */
export const adoptId = z.string().min(1).optional();

export const dataplaneApiUrl = z.url({
  message: "dataplaneApiUrl must be the cluster's data-plane URL (cluster.dataplaneApiUrl)",
});

/** Waits for an operation, showing state and elapsed time in the Pulumi output. */
export function waitOperation(
  op: Operation,
  label: string,
  deadlineMs: number,
): Promise<Operation> {
  const cp = getClients().controlPlane;
  let last = "";
  return waitForOperation((id) => cp.getOperation(id), op.id, {
    deadlineMs,
    onProgress: (p) => {
      if (p.state !== last || p.elapsedMs > 0) {
        last = p.state;
        log(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}

/** Polls until `observe` is done, logging each state change with the time waited. */
export function waitState<T>(
  label: string,
  observe: () => Promise<Observation<T>>,
  deadlineMs: number,
): Promise<T> {
  let last = "";
  return pollUntil(label, observe, {
    deadlineMs,
    onProgress: (p) => {
      if (p.state !== last) {
        last = p.state;
        log(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}

export const MINUTE = 60_000;
