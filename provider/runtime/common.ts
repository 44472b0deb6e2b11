/**
 * Waiting helpers every resource spec shares, on the one waiter (retry/waiter.ts): an operation
 * until it completes (a FAILED one is an OperationError carrying the operation's code and message),
 * or a resource until it reaches a state. Progress goes to the Pulumi log, as ephemeral.
 */
import type { Operation } from "../transport/zod-shapes";
import { operationSchema } from "../transport/zod-shapes";
import { formatDuration, pollUntil, waitForOperation } from "../retry/waiter";
import type { Observation } from "../retry/waiter";
import { getClients, progress } from "./context";

/**
 * Waits for an operation, showing state and elapsed time in the Pulumi output. `whilePending`
 * runs after each poll that finds it still in progress (a cluster's BYOC agent step, which the
 * operation waits for).
 */
export function waitOperation(
  op: Operation,
  label: string,
  deadlineMs: number,
  whilePending?: (op: Operation) => Promise<void>,
): Promise<Operation> {
  const cp = getClients().controlPlane;
  let last = "";
  const get = async (id: string) => {
    const current = await cp.getOperation(id);
    const done = current.state === "STATE_COMPLETED" || current.state === "STATE_FAILED";
    if (!done && whilePending) await whilePending(current);
    return current;
  };
  return waitForOperation(get, op.id, {
    deadlineMs,
    onProgress: (p) => {
      if (p.state !== last || p.elapsedMs > 0) {
        last = p.state;
        progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}

/**
 * The operation of `type` still in progress on a resource, if any: what a create that found its
 * resource already there (an interrupted run's) or a delete already under way waits on.
 */
export async function operationInProgress(
  resourceId: string,
  type: string,
): Promise<Operation | undefined> {
  const ops = await getClients().controlPlane.listAll(
    "/v1/operations",
    "operations",
    operationSchema,
    {
      "filter.resource_id": resourceId,
      "filter.type_in": [type],
      "filter.state": "STATE_IN_PROGRESS",
    },
  );
  return ops[0];
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
        progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}
