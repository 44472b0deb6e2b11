/**
 * Waiting for long-running work: an operation until it is no longer IN_PROGRESS, or a resource
 * until it reaches a target state. Both use the poll schedule, stop at a deadline with an error
 * naming what was awaited, and are the one retry loop of their polls: each poll is given the
 * client bound to it (one send per request, loop.ts), a failure the whether table retries costs a
 * poll, and a few of those in a row end the wait.
 */
import type { RedpandaError } from "../errors";
import { ApiError, DeadlineError, OperationError, throwIfInterrupted } from "../errors";
import type { Attempt, Retried } from "../transport/http";
import type { PollSchedule, RetryRuntime } from "./when";
import { DEFAULT_POLL_SCHEDULE, nextPollDelay, realRuntime } from "./when";
import { whether } from "./whether";

export interface Progress {
  state: string;
  elapsedMs: number;
}

export interface WaitOptions<C = unknown> {
  /**
   * What each poll is sent through: the poll is given it bound to that poll, so each request is
   * one send and the waiter decides what follows a failure; failed polls are logged through its
   * progress log. Without it, each request of a poll is a logical request of its own.
   */
  client?: Retried<C>;
  /** Give up after this many milliseconds. */
  deadlineMs: number;
  onProgress?: (p: Progress) => void;
  schedule?: PollSchedule;
  runtime?: RetryRuntime;
  /**
   * Consecutive failed polls the whether table retries (503, 429, no answer) tolerated before
   * giving up; default {@link DEFAULT_MAX_CONSECUTIVE_POLL_ERRORS}.
   */
  maxConsecutiveErrors?: number;
}

/** A wait ends after 1 + this many failed polls in a row (the poll budget, docs/reliability.md). */
export const DEFAULT_MAX_CONSECUTIVE_POLL_ERRORS = 4;

/** One observation: the current state, or `done` with a result, or a failure. */
export type Observation<T> =
  | { kind: "pending"; state: string }
  | { kind: "done"; state: string; value: T }
  | { kind: "failed"; state: string; error: RedpandaError };

/**
 * Polls `observe` on the schedule until it reports done or failed. `describe` names what is
 * awaited in errors, e.g. "operation abc (TYPE_CREATE_CLUSTER) for cluster xyz".
 */
export async function pollUntil<T, C = undefined>(
  describe: string | (() => string),
  observe: (client: C) => Promise<Observation<T>>,
  options: WaitOptions<C>,
): Promise<T> {
  const rt = options.runtime ?? realRuntime;
  const schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
  const maxErrors = options.maxConsecutiveErrors ?? DEFAULT_MAX_CONSECUTIVE_POLL_ERRORS;
  const start = rt.now();
  let errors = 0;
  let refreshed = false;
  let lastState = "unknown";
  const name = () => (typeof describe === "string" ? describe : describe());
  // The cancel signal of the client's provider instance: Ctrl-C ends the wait at once.
  const signal = options.client?.budget.signal;
  for (;;) {
    throwIfInterrupted(signal);
    // The failed poll's error, when it is one the table retries.
    let failed: ApiError | undefined;
    const poll: Attempt = { n: errors + 1, sends: 0 };
    try {
      const obs = await observe(options.client?.within(poll) as C);
      errors = 0;
      refreshed = false;
      lastState = obs.state;
      options.onProgress?.({ state: obs.state, elapsedMs: rt.now() - start });
      if (obs.kind === "done") return obs.value;
      if (obs.kind === "failed") throw obs.error;
    } catch (err) {
      const verdict = whether(err, "idempotent");
      // A refused token the source can renew: poll again at once, with a new one.
      if (verdict === "refresh" && !refreshed) {
        refreshed = true;
        continue;
      }
      if (verdict !== "retry") throw err;
      errors += 1;
      if (errors > maxErrors) throw err;
      if (err instanceof ApiError) failed = err;
    }
    const delay = Math.max(failed?.retryAfterMs ?? 0, nextPollDelay(rt.now() - start, schedule));
    if (rt.now() - start + delay > options.deadlineMs) {
      const waited = rt.now() - start;
      throw new DeadlineError(
        `Timed out waiting for ${name()} after ${formatDuration(waited)} (last state ${lastState}, deadline ${formatDuration(options.deadlineMs)}). ` +
          "The work may still finish: run `pulumi up` again to resume waiting, or raise the resource's timeout.",
        waited,
      );
    }
    // A failed poll is logged like any retry, through the client's progress log.
    if (failed) options.client?.budget.onRetry?.(failed, errors, delay);
    await rt.sleep(delay, signal);
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

/**
 * Waits until the operation completes; STATE_FAILED becomes an OperationError with its code and
 * message. `get` reads the operation through the client it is given: `options.client` bound to
 * the poll, e.g. `waitForOperation((id, cp) => cp.getOperation(id), op.id, { client: cp, ... })`.
 */
export function waitForOperation<T extends OperationLike, C = undefined>(
  get: (id: string, client: C) => Promise<T>,
  id: string,
  options: WaitOptions<C>,
): Promise<T> {
  let label = `operation ${id}`;
  return pollUntil(
    () => label,
    async (client: C) => {
      const op = await get(id, client);
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
