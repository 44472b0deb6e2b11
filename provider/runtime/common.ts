/**
 * Waiting helpers every resource spec shares, on the one waiter (retry/waiter.ts): an operation
 * until it completes (a FAILED one is an OperationError carrying the operation's code and message),
 * or a resource until it reaches a state. Progress goes to the Pulumi log, as ephemeral. Each poll
 * is sent through the client it is given, bound to that poll (one send per request; the waiter
 * decides what follows a failure).
 */
import type { ControlPlaneClient } from "../transport/controlplane";
import type { Operation } from "../transport/zod-shapes";
import { operationSchema } from "../transport/zod-shapes";
import type { Retried } from "../transport/http";
import { formatDuration, pollUntil, waitForOperation } from "../retry/waiter";
import type { Observation } from "../retry/waiter";
import type { CallContext } from "./context";

/**
 * Waits for an operation, showing state and elapsed time in the Pulumi output. `whilePending`
 * runs after each poll that finds it still in progress (a cluster's BYOC agent step, which the
 * operation waits for), with the client bound to that poll.
 */
export function waitOperation(
  ctx: CallContext,
  op: Operation,
  label: string,
  deadlineMs: number,
  whilePending?: (op: Operation, poll: ControlPlaneClient) => Promise<void>,
): Promise<Operation> {
  let last = "";
  return waitForOperation(
    async (id, cp) => {
      const current = await cp.getOperation(id);
      const done = current.state === "STATE_COMPLETED" || current.state === "STATE_FAILED";
      if (!done && whilePending) await whilePending(current, cp);
      return current;
    },
    op.id,
    {
      client: ctx.clients.controlPlane,
      deadlineMs,
      onProgress: (p) => {
        if (p.state !== last || p.elapsedMs > 0) {
          last = p.state;
          ctx.progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
        }
      },
    },
  );
}

/**
 * The operation of `type` still in progress on a resource, if any: what a create that found its
 * resource already there (an interrupted run's) or a delete already under way waits on.
 */
export async function operationInProgress(
  ctx: CallContext,
  resourceId: string,
  type: string,
): Promise<Operation | undefined> {
  // By resource and state only: a resource has few operations, and the type is picked here.
  const ops = await ctx.clients.controlPlane.listAll(
    "/v1/operations",
    "operations",
    operationSchema,
    { "filter.resource_id": resourceId, "filter.state": "STATE_IN_PROGRESS" },
  );
  return ops.find((op) => op.type === type);
}

/**
 * Polls until `observe` is done, logging each state change with the time waited. `observe` is
 * given `client` bound to the poll.
 */
export function waitState<T, C>(
  ctx: CallContext,
  label: string,
  client: Retried<C>,
  observe: (client: C) => Promise<Observation<T>>,
  deadlineMs: number,
): Promise<T> {
  let last = "";
  return pollUntil(label, observe, {
    client,
    deadlineMs,
    onProgress: (p) => {
      if (p.state !== last) {
        last = p.state;
        ctx.progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}
