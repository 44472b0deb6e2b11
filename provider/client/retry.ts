/**
 * The one retry policy: exponential backoff with full jitter, Retry-After honoured, an overall
 * deadline, and no blind re-send of requests that are not idempotent. Clock, sleep and randomness
 * are injected so the policy is unit-tested without real time.
 */
import { ApiError, DeadlineError, isTransient } from "../transport/errors";

export interface RetryPolicy {
  /** First backoff ceiling, in milliseconds. */
  baseDelayMs: number;
  /** Largest backoff ceiling, in milliseconds. */
  maxDelayMs: number;
  /** Most attempts in total (first try included). */
  maxAttempts: number;
  /** Give up once this much time has passed since the first attempt, in milliseconds. */
  deadlineMs: number;
}

export const DEFAULT_RETRY_POLICY = {
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  maxAttempts: 8,
  deadlineMs: 120_000,
} as const satisfies RetryPolicy;

export interface RetryRuntime {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1). */
  random(): number;
}

export const realRuntime: RetryRuntime = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** Full jitter: a uniform wait between 0 and min(max, base · 2^(attempt-1)). */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random * ceiling);
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryOptions {
  policy?: RetryPolicy;
  runtime?: RetryRuntime;
  /**
   * Whether the request may be sent again after a failure that left its effect unknown (no
   * response, a gateway error). Creates are not: the caller looks the resource up instead.
   * Rate limiting (429) is always safe to retry: the server did not act on the request.
   */
  idempotent: boolean;
  /** Called before each wait, for progress logs. */
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
}

/** Runs `attempt` until it succeeds, fails for good, or the policy runs out. */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const rt = options.runtime ?? realRuntime;
  const start = rt.now();
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ApiError) || !isTransient(err)) throw err;
      const safe = err.status === 429 || options.idempotent;
      if (!safe || n >= policy.maxAttempts) throw err;
      const delay = Math.max(err.retryAfterMs ?? 0, backoffDelay(n, policy, rt.random()));
      const elapsed = rt.now() - start;
      if (elapsed + delay > policy.deadlineMs) {
        throw new DeadlineError(
          `${err.message}\nGave up after ${n} attempts in ${Math.round(elapsed / 1000)} s (retry deadline ${Math.round(policy.deadlineMs / 1000)} s).`,
          elapsed,
          err,
        );
      }
      options.onRetry?.(err, n, delay);
      await rt.sleep(delay);
    }
  }
}
