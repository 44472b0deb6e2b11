/**
 * The one retry loop, and the attempt budget of each logical request.
 *
 * A logical request is what one caller asked for: a read, an update, a create (its POST and the
 * lookups that settle an ambiguous answer), one poll of an operation. One loop runs per logical
 * request and owns its attempts: it hands each attempt to the code that sends, and after a failure
 * asks whether.ts (send again?) and when.ts (after how long?). Nothing is inherited from the
 * caller's context: a request is one send of an enclosing loop exactly when it is made through a
 * client bound to that loop's attempt (`client.within(attempt)`, which createOnce and the waiter
 * hand to their callbacks); made through an unbound client it is a logical request of its own.
 */
import { ApiError, DeadlineError, throwIfInterrupted } from "../errors";
import type { RetryPolicy, RetryRuntime } from "./when";
import { DEFAULT_RETRY_POLICY, realRuntime, retryDelay } from "./when";
import { whether } from "./whether";

/** The classes of logical request, each with its documented budget (docs/reliability.md). */
export type RequestClass = "read" | "idempotent-write" | "create" | "poll" | "token" | "lint";

/**
 * The attempt budget per request class, as docs/reliability.md's table states it (a unit test
 * holds the table to these rows). `maxAttempts` counts HTTP sends (the first included); the
 * deadline is measured from the first send. A poll is one send; the waiter gives up after
 * `1 + maxConsecutiveErrors` failed polls in a row or at the resource's timeout. A token fetch is
 * one send inside whichever request needed the token (no retry of its own).
 */
export const ATTEMPT_BUDGETS: Readonly<
  Record<RequestClass, { row: string; maxAttempts: number; deadline: string }>
> = {
  read: {
    row: "read (GET)",
    maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
    deadline: "120 s, `redpanda:requestDeadlineSeconds`",
  },
  "idempotent-write": {
    row: "idempotent write (PUT, PATCH, DELETE)",
    maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
    deadline: "120 s, `redpanda:requestDeadlineSeconds`",
  },
  create: {
    row: "create through `createOnce` (POST + lookups)",
    maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
    deadline: "120 s, `redpanda:requestDeadlineSeconds`",
  },
  poll: {
    row: "operation poll (waiter)",
    maxAttempts: 1,
    deadline: "the resource's `timeouts` (create/update/delete)",
  },
  token: {
    row: "token fetch (client credentials)",
    maxAttempts: 1,
    deadline: "`redpanda:requestTimeoutMs`",
  },
  lint: {
    row: "pipeline lint (a POST that changes nothing)",
    maxAttempts: 1,
    deadline: "`redpanda:requestTimeoutMs`",
  },
};

/**
 * The current attempt of a logical request, handed by its loop to the code that sends. The
 * transport adds one to `sends` for each HTTP request it sends in it.
 */
export interface Attempt {
  /** Which attempt this is: 1 for the first. */
  readonly n: number;
  /** HTTP requests sent for the logical request so far, in all its attempts. */
  sends: number;
}

/** The budget and progress log of the logical requests made through one transport. */
export interface Budget {
  /** The attempt budget (docs/reliability.md, "Attempt budget"). */
  policy: RetryPolicy;
  /** Clock, sleep and randomness; injected by tests. */
  runtime?: RetryRuntime;
  /** Called before each wait, for progress logs. */
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
  /**
   * The provider instance's cancel signal: once aborted (Ctrl-C), no attempt starts and every
   * pause between attempts ends at once with Interrupted.
   */
  signal?: AbortSignal;
}

/**
 * What a loop's attempts send through: a client (or the transport itself) that carries the budget
 * of the requests made through it and can be bound to one attempt, each request made through the
 * bound one then being a single send of that attempt.
 */
export interface Retried<C> {
  readonly budget: Budget;
  within(attempt: Attempt): C;
}

export interface RetryOptions extends Partial<Budget> {
  /**
   * Whether the request may be sent again after a failure that left its effect unknown (no
   * response, a gateway error): the idempotency column of whether.ts. Creates are not: createOnce
   * looks the resource up instead. Rate limiting (429) is always retried.
   */
  idempotent: boolean;
  /** Overrides the verdict "send again": createOnce also goes on after an ambiguous answer. */
  retryable?: (err: ApiError) => boolean;
}

/**
 * The one retry loop: runs `attempt` until it succeeds, fails for good, or the budget is spent
 * (`policy.maxAttempts` sends, counted across attempts, within `policy.deadlineMs`). A token the
 * API refused and the source can renew is tried again at once, once per logical request.
 */
export async function withRetry<T>(
  attempt: (a: Attempt) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const rt = options.runtime ?? realRuntime;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const start = rt.now();
  let sends = 0;
  let refreshed = false;
  for (let n = 1; ; n++) {
    const current: Attempt = { n, sends };
    throwIfInterrupted(options.signal);
    try {
      return await attempt(current);
    } catch (err) {
      sends = current.sends;
      if (!(err instanceof ApiError)) throw err;
      // Sends, when the attempts sent HTTP requests (a create's lookups count); else attempts.
      const used = Math.max(n, sends);
      if (used >= policy.maxAttempts) throw err;
      const verdict = whether(err, options.idempotent ? "idempotent" : "non-idempotent");
      if (verdict === "refresh" && !refreshed) {
        refreshed = true;
        continue;
      }
      const again = options.retryable ? options.retryable(err) : verdict === "retry";
      if (!again) throw err;
      const delay = retryDelay(n, policy, rt.random(), err.retryAfterMs);
      const elapsed = rt.now() - start;
      if (elapsed + delay > policy.deadlineMs) {
        throw new DeadlineError(
          `${err.message}\nGave up after ${used} attempts in ${Math.round(elapsed / 1000)} s (retry deadline ${Math.round(policy.deadlineMs / 1000)} s).`,
          elapsed,
          err,
        );
      }
      options.onRetry?.(err, n, delay);
      await rt.sleep(delay, options.signal);
    }
  }
}
