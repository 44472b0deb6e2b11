/**
 * Long-running operations: what their records say (`@type` names of metadata and responses) and
 * how one ends. The clock (clock.ts) starts and finishes them on schedule; routes report them.
 */
import type { RpcStatusBody } from "../errors";
import type { Json, World } from "./records";
import { nowIso } from "./records";

export const TYPE_PREFIX = "type.googleapis.com/redpanda.api.controlplane.v1.";

/** A scripted "next operation ends FAILED", optionally only for one operation type. */
export interface OperationFault {
  type?: string;
  error: RpcStatusBody;
}

/** An operation's metadata: `@type` of the vendor's `kind` message, with its fields. */
export const metadata = (
  kind: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> => ({
  "@type": `${TYPE_PREFIX}${kind}`,
  ...fields,
});

/** Ends an operation still in progress: COMPLETED with `response`, or FAILED with `error`. */
export function finishOperation(
  world: World,
  opId: string | undefined,
  at: number,
  response: Json,
  error?: RpcStatusBody,
): void {
  const op = opId ? world.operations[opId] : undefined;
  if (!op || op.state !== "STATE_IN_PROGRESS") return;
  op.finished_at = nowIso(at);
  op.completeAt = undefined;
  if (error) {
    op.state = "STATE_FAILED";
    op.error = error;
  } else {
    op.state = "STATE_COMPLETED";
    op.response = Object.keys(response).length > 0 ? response : undefined;
  }
}
