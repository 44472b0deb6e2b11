/**
 * Waiting for long-running work: an operation until it is no longer IN_PROGRESS, or a resource
 * until it reaches a target state. Both use the poll schedule, tolerate a few consecutive
 * transient poll errors, and stop at a deadline with an error naming what was awaited.
 */
import type { RedpandaError } from "../transport/errors";
import { DeadlineError, OperationError, isTransient } from "../transport/errors";
import type { RetryRuntime } from "./retry";
import { realRuntime } from "./retry";
import type { PollSchedule } from "./schedule";
import { DEFAULT_POLL_SCHEDULE, nextPollDelay } from "./schedule";

export interface Progress {
  state: string;
  elapsedMs: number;
}

export interface WaitOptions {
  /** Give up after this many milliseconds. */
  deadlineMs: number;
  onProgress?: (p: Progress) => void;
  schedule?: PollSchedule;
  runtime?: RetryRuntime;
  /** Consecutive transient poll failures tolerated before giving up; default 4. */
  maxConsecutiveErrors?: number;
}

/** One observation: the current state, or `done` with a result, or a failure. */
export type Observation<T> =
  | { kind: "pending"; state: string }
  | { kind: "done"; state: string; value: T }
  | { kind: "failed"; state: string; error: RedpandaError };

/**
 * Polls `observe` on the schedule until it reports done or failed. `describe` names what is
 * awaited in errors, e.g. "operation abc (TYPE_CREATE_CLUSTER) for cluster xyz".
 */
export async function pollUntil<T>(
  describe: string | (() => string),
  observe: () => Promise<Observation<T>>,
  options: WaitOptions,
): Promise<T> {
  const rt = options.runtime ?? realRuntime;
  const schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
  const maxErrors = options.maxConsecutiveErrors ?? 4;
  const start = rt.now();
  let errors = 0;
  let lastState = "unknown";
  const name = () => (typeof describe === "string" ? describe : describe());
  for (;;) {
    try {
      const obs = await observe();
      errors = 0;
      lastState = obs.state;
      options.onProgress?.({ state: obs.state, elapsedMs: rt.now() - start });
      if (obs.kind === "done") return obs.value;
      if (obs.kind === "failed") throw obs.error;
    } catch (err) {
      if (!isTransient(err)) throw err;
      errors += 1;
      if (errors > maxErrors) throw err;
    }
    const delay = nextPollDelay(rt.now() - start, schedule);
    if (rt.now() - start + delay > options.deadlineMs) {
      const waited = rt.now() - start;
      throw new DeadlineError(
        `Timed out waiting for ${name()} after ${formatDuration(waited)} (last state ${lastState}, deadline ${formatDuration(options.deadlineMs)}). ` +
          "The work may still finish: run `pulumi up` again to resume waiting, or raise the resource's timeout.",
        waited,
      );
    }
    await rt.sleep(delay);
  }
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${s % 60} s`;
}

/** What the waiters need of an operation record. */
export interface OperationLike {
  id: string;
  type: string;
  state: string;
  resource_id?: string | null;
  error?: { code?: string | number; message?: string } | null;
}

/** Waits until the operation completes; STATE_FAILED becomes an OperationError with its code and message. */
export function waitForOperation<T extends OperationLike>(
  get: (id: string) => Promise<T>,
  id: string,
  options: WaitOptions,
): Promise<T> {
  let label = `operation ${id}`;
  return pollUntil(
    () => label,
    async () => {
      const op = await get(id);
      label = `operation ${op.id} (${op.type})${op.resource_id ? ` for ${op.resource_id}` : ""}`;
      if (op.state === "STATE_COMPLETED") return { kind: "done", state: op.state, value: op };
      if (op.state === "STATE_FAILED") {
        const code = op.error?.code === undefined ? "" : ` ${String(op.error.code)}`;
        return {
          kind: "failed",
          state: op.state,
          error: new OperationError(
            `${label} failed:${code} ${op.error?.message ?? "no message"}`,
            op.id,
            op.resource_id ?? undefined,
            op.error?.code === undefined ? undefined : String(op.error.code),
          ),
        };
      }
      return { kind: "pending", state: op.state };
    },
    options,
  ) as Promise<T>;
}
