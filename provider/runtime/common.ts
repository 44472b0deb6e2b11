/** Waiting helpers every resource spec shares: progress goes to the Pulumi log, as ephemeral. */
import type { Operation } from "../transport/zod-shapes";
import { formatDuration, pollUntil, waitForOperation } from "../retry/waiter";
import type { Observation } from "../retry/waiter";
import { getClients, progress } from "./context";

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
        progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
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
        progress(`${label}: ${p.state} (${formatDuration(p.elapsedMs)})`);
      }
    },
  });
}
