/**
 * The one retry loop, and the attempt budget of each logical request.
 *
 * A logical request is what one caller asked for: a read, an update, a create (its POST and the
 * lookups that settle an ambiguous answer), one poll of an operation. Exactly one loop runs per
 * logical request, and it owns the budget: every HTTP request made inside it (however deep in
 * the client) is a single attempt, and its failure comes back to that loop, which asks whether.ts
 * and when.ts. So retries never multiply (before: createOnce → withRetry → Transport.request →
 * withRetry, up to 40 sends for one poll).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { ApiError, DeadlineError } from "../transport/errors";
import type { RetryPolicy, RetryRuntime } from "./when";
import { DEFAULT_RETRY_POLICY, realRuntime, retryDelay } from "./when";
import { whether } from "./whether";

/** The classes of logical request, each with its documented budget (docs/reliability.md). */
export type RequestClass = "read" | "idempotent-write" | "create" | "poll" | "token";

/**
 * The attempt budget per request class. `maxAttempts` counts HTTP sends (the first included);
 * `deadlineMs` is measured from the first send. `redpanda:requestDeadlineSeconds` replaces the
 * deadline of the first three. A poll is one send; the waiter gives up after
 * `1 + maxConsecutiveErrors` failed polls in a row or at the resource's timeout. A token fetch is
 * one send inside whichever request needed the token (no retry of its own).
 */
export const ATTEMPT_BUDGETS: Readonly<
  Record<RequestClass, { maxAttempts: number; deadline: string }>
> = {
  read: { maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts, deadline: "120 s" },
  "idempotent-write": { maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts, deadline: "120 s" },
  create: { maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts, deadline: "120 s" },
  poll: { maxAttempts: 1, deadline: "the resource's create/update/delete timeout" },
  token: { maxAttempts: 1, deadline: "the request timeout" },
};

/** The state of the logical request in progress. */
export interface LogicalRequest {
  /** HTTP requests sent for it so far. */
  sends: number;
  /** The policy of the transport that sent them, when the loop was given none. */
  policy?: RetryPolicy;
  /** The progress log of the transport that sent them, when the loop was given none. */
  onRetry?: RetryOptions["onRetry"];
}

const current = new AsyncLocalStorage<LogicalRequest>();

/**
 * Called by the transport for each HTTP send: counts it in the logical request's budget, whose
 * loop takes the transport's policy and progress log when it was given none.
 */
export function countSend(policy: RetryPolicy, onRetry?: RetryOptions["onRetry"]): void {
  const req = current.getStore();
  if (!req) return;
  req.sends += 1;
  req.policy ??= policy;
  req.onRetry ??= onRetry;
}

/** Whether code runs inside a logical request (its HTTP requests are then single attempts). */
export function insideLogicalRequest(): boolean {
  return current.getStore() !== undefined;
}

/**
 * Runs `fn` as part of a logical request whose loop is the caller's: each send is one attempt.
 * `req` collects the sends' count and the sending transport's policy and progress log.
 */
export function singleAttempts<T>(
  fn: () => Promise<T>,
  req: LogicalRequest = { sends: 0 },
): Promise<T> {
  return current.run(req, fn);
}

/**
 * Runs `fn` outside any logical request: work shared by many callers (a shared list read) is its
 * own logical request with its own budget, not a single attempt of whoever happened to start it.
 */
export function detached<T>(fn: () => Promise<T>): Promise<T> {
  return current.exit(fn);
}

export interface RetryOptions {
  /** The budget; default the sending transport's policy, else {@link DEFAULT_RETRY_POLICY}. */
  policy?: RetryPolicy;
  runtime?: RetryRuntime;
  /**
   * Whether the request may be sent again after a failure that left its effect unknown (no
   * response, a gateway error): the idempotency column of whether.ts. Creates are not: createOnce
   * looks the resource up instead. Rate limiting (429) is always retried.
   */
  idempotent: boolean;
  /** Overrides the verdict "send again": createOnce also goes on after an ambiguous answer. */
  retryable?: (err: ApiError) => boolean;
  /** Called before each wait, for progress logs. */
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
}

/**
 * The one retry loop: runs `attempt` until it succeeds, fails for good, or the budget is spent.
 * Called inside another logical request it makes exactly one attempt (the enclosing loop decides).
 */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  if (insideLogicalRequest()) return attempt(1);
  const rt = options.runtime ?? realRuntime;
  const req: LogicalRequest = { sends: 0 };
  const start = rt.now();
  for (let n = 1; ; n++) {
    try {
      return await current.run(req, () => attempt(n));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const again = options.retryable
        ? options.retryable(err)
        : whether(err, options.idempotent ? "idempotent" : "non-idempotent") === "retry";
      const policy = options.policy ?? req.policy ?? DEFAULT_RETRY_POLICY;
      // Sends, when the attempts made HTTP requests (a create's lookups count); else attempts.
      const used = Math.max(n, req.sends);
      if (!again || used >= policy.maxAttempts) throw err;
      const delay = retryDelay(n, policy, rt.random(), err.retryAfterMs);
      const elapsed = rt.now() - start;
      if (elapsed + delay > policy.deadlineMs) {
        throw new DeadlineError(
          `${err.message}\nGave up after ${used} attempts in ${Math.round(elapsed / 1000)} s (retry deadline ${Math.round(policy.deadlineMs / 1000)} s).`,
          elapsed,
          err,
        );
      }
      (options.onRetry ?? req.onRetry)?.(err, n, delay);
      await rt.sleep(delay);
    }
  }
}
