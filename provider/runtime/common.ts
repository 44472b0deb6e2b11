/**
 * Waiting helpers every resource spec shares: progress goes to the Pulumi log, as ephemeral. Each
 * poll is sent through the client it is given, bound to that poll (one send per request; the
 * waiter decides what follows a failure).
 */
import type { Operation } from "../transport/zod-shapes";
import type { Retried } from "../retry/loop";
import { formatDuration, pollUntil, waitForOperation } from "../retry/waiter";
import type { Observation } from "../retry/waiter";
import { getClients, progress } from "./context";

/** Waits for an operation, showing state and elapsed time in the Pulumi output. */
export function waitOperation(
  op: Operation,
  label: string,
  deadlineMs: number,
): Promise<Operation> {
  let last = "";
  return waitForOperation((id, cp) => cp.getOperation(id), op.id, {
    client: getClients().controlPlane,
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
 * Polls until `observe` is done, logging each state change with the time waited. `observe` is
 * given `client` bound to the poll.
 */
export function waitState<T, C>(
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
        progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}
