/**
 * *When* a request is sent again, and when the next one may go: the attempt budget of each class of
 * logical request (ATTEMPT_BUDGETS), how long one send waits for its answer, backoff with full
 * jitter and the server's Retry-After, the per-host request rate learned from 429 answers and the
 * quota header, the bound on requests in flight per host, and the poll schedule of long-running
 * operations. *Whether* a request is sent again at all is decided in whether.ts; the loop that
 * spends the budget is transport/http.ts's `withRetry`.
 * Pure: clock, sleep and randomness are injected, so all of it is unit-tested without real time.
 */
import { Interrupted } from "../errors";

/**
 * The attempt budget of one logical request: how many sends, until when, and the backoff between
 * them (docs/reliability.md, "Attempt budget").
 */
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
 * How long one send waits for its answer, in milliseconds, the API's and the token endpoint's
 * alike: `redpanda:requestTimeoutMs` (env `REDPANDA_REQUEST_TIMEOUT_MS`) when set.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface RetryRuntime {
  now(): number;
  /** Waits `ms`; rejects with Interrupted as soon as `signal` is aborted (Ctrl-C). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1). */
  random(): number;
}

export const realRuntime: RetryRuntime = {
  now: () => Date.now(),
  sleep: (ms, signal) => {
    if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Interrupted ? signal.reason : new Interrupted());
      };
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", stop);
        resolve();
      }, ms);
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    });
  },
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

/** The wait before attempt `attempt + 1`: the backoff, or longer when the server asked for it. */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy,
  random: number,
  retryAfterMs: number | undefined,
): number {
  return Math.max(retryAfterMs ?? 0, backoffDelay(attempt, policy, random));
}

// ---------------------------------------------------------------------------------------------
// The request rate per host.
/*
 * A request rate per API host that learns the server's limit (AIMD on a paced schedule), shared by
 * every resource in the provider process. Until the host answers 429 nothing is paced: a run under
 * no limit is exactly as fast as without it. On a 429 the rate drops to a little below what the
 * host actually accepted over the last second, and only probes beyond that slowly (what a token
 * bucket accepts over a second includes its burst allowance, so it overstates the rate it
 * sustains); with nothing accepted it drops to one request per Retry-After and grows back quickly
 * to the rate it had. A run under a server limit so sends about the limit instead of bursts that
 * are answered 429 and sent again. Pure: the clock is injected.
 *
 * Where the host says how much of its quota is left (a `ratelimit: limit=…,remaining=…,reset=…`
 * header, the one the vendor's Terraform provider reads), the rate also holds back before the
 * quota runs out, so the first 429 need not come at all.
 */

/** What a `ratelimit` header says: requests left of `limit` until the quota is whole in `resetMs`. */
export interface Quota {
  limit: number;
  remaining: number;
  resetMs: number;
}

/**
 * Parses the rate-limit header in the form the vendor's Terraform provider reads
 * (`limit=200,remaining=75,reset=30`, reset in seconds; after the IETF httpapi draft). Anything
 * else is not a quota: undefined.
 */
export function parseQuota(header: string | undefined): Quota | undefined {
  if (!header) return undefined;
  const fields = new Map<string, number>();
  for (const part of header.split(/[,;]/)) {
    const [key, value, ...rest] = part.split("=").map((x) => x.trim());
    if (!key || value === undefined || rest.length > 0 || !/^\d+$/.test(value)) continue;
    fields.set(key.toLowerCase(), Number(value));
  }
  const limit = fields.get("limit");
  const remaining = fields.get("remaining");
  const reset = fields.get("reset");
  if (limit === undefined || remaining === undefined || reset === undefined || limit <= 0)
    return undefined;
  return { limit, remaining: Math.min(remaining, limit), resetMs: reset * 1000 };
}

export interface AdaptiveRateOptions {
  /** Fraction of the accepted rate to drop to on a 429. */
  decreaseTo: number;
  /** Requests per second added per second without a 429. */
  increasePerSecond: number;
  /** Window over which accepted requests are counted, in milliseconds; at most one decrease per window. */
  windowMs: number;
  /** Lowest rate, in requests per second. */
  minRate: number;
  /**
   * Growth above the limit found (the rate dropped to from what the host accepted), as a fraction
   * of `increasePerSecond`: a long run meets the limit again rarely rather than every few seconds.
   */
  probeFraction: number;
  /** Fraction of the paced rate to drop to on a 429 of a request sent at that rate. */
  repeatDecreaseTo: number;
}

export const DEFAULT_ADAPTIVE_RATE: AdaptiveRateOptions = {
  decreaseTo: 0.85,
  increasePerSecond: 0.5,
  windowMs: 1_000,
  minRate: 0.5,
  probeFraction: 0.1,
  repeatDecreaseTo: 0.85,
};

/** Units of the host's quota left unused, so that jitter does not turn the last one into a 429. */
const QUOTA_UNITS_KEPT = 1;
/** Spacing of requests once the quota is spent, as a multiple of the quota's refill interval. */
const QUOTA_SPACING_MARGIN = 1.05;

export class AdaptiveRate {
  /** Requests per second; Infinity until the first 429. */
  private rate = Infinity;
  /** When the next request may be sent. */
  private nextAt = 0;
  private lastAnswerAt: number | undefined;
  private lastDecreaseAt = -Infinity;
  /** The rate the host is known to sustain: growth beyond it is a slow probe. */
  private ceiling = Infinity;
  /** Times of recent accepted answers (not 429), oldest first. */
  private readonly accepted: number[] = [];
  /**
   * The host's quota as this client last heard it (undefined: the host never said): units the
   * client may still send (the quota left, less the requests on their way and one kept in hand;
   * each send takes one), when that was heard, how long a unit takes to come back, and the whole.
   */
  private quota: { units: number; heardAt: number; unitMs: number; limit: number } | undefined;
  /** 429s seen and rate decreases made, for benchmarks and logs. */
  throttled = 0;
  decreases = 0;

  constructor(
    private readonly now: () => number,
    private readonly options: AdaptiveRateOptions = DEFAULT_ADAPTIVE_RATE,
  ) {}

  /** The current rate in requests per second (Infinity: not paced). */
  get current(): number {
    return this.rate;
  }

  /** Claims the next send slot: milliseconds to wait before sending (0 when not paced). */
  reserve(): number {
    const now = this.now();
    let at = now;
    const q = this.quota;
    if (q) {
      // A client-side copy of the host's quota, set again by every answer: the units it gave
      // back since it was heard, up to the whole quota; when none is left, wait for the next.
      const units = Math.min(q.limit, q.units + (now - q.heardAt) / q.unitMs);
      if (units < 1) at = now + (1 - units) * q.unitMs;
      q.units = units - 1;
      q.heardAt = now;
    }
    if (this.rate !== Infinity) {
      at = Math.max(at, this.nextAt);
      this.nextAt = at + 1000 / this.rate;
    }
    return at - now;
  }

  /**
   * Learns from the host's quota header on an answer, while `othersInFlight` more requests are
   * already on their way or waiting for their send time (each takes a unit). The next sends take
   * what is left, less one unit kept in hand; then one request per unit the quota gives back,
   * `limit` units over `reset`, 5 % slower (a token bucket of `limit` per second says reset=1 once
   * it is nearly empty: exact; for a fixed window that is spent, a 429 with its Retry-After still
   * corrects it).
   */
  onQuota(quota: Quota, othersInFlight: number): void {
    // One unit is kept in hand, and the spacing is a little wider than the quota's refill: a
    // request sent exactly one refill after the last can reach the host a few milliseconds early
    // (event-loop and network jitter) and find the quota still spent.
    this.quota = {
      units: quota.remaining - othersInFlight - QUOTA_UNITS_KEPT,
      heardAt: this.now(),
      unitMs: (QUOTA_SPACING_MARGIN * Math.max(quota.resetMs, 1000)) / quota.limit,
      limit: quota.limit,
    };
  }

  /**
   * Learns from an HTTP answer: 429 (with its Retry-After, if any) or anything else. `sentAt`,
   * when known, tells a 429 of a request sent before the last decrease (the same burst) from one
   * sent after it at the lowered rate (a new signal: the rate is still too high).
   */
  onAnswer(status: number, retryAfterMs?: number, sentAt?: number): void {
    const now = this.now();
    const { windowMs } = this.options;
    while (this.accepted.length > 0 && (this.accepted[0] as number) < now - windowMs)
      this.accepted.shift();
    if (status !== 429) {
      this.accepted.push(now);
      if (this.rate !== Infinity && this.lastAnswerAt !== undefined) {
        const perSecond =
          this.rate < this.ceiling
            ? this.options.increasePerSecond
            : this.options.increasePerSecond * this.options.probeFraction;
        this.rate += (perSecond * (now - this.lastAnswerAt)) / 1000;
      }
      this.lastAnswerAt = now;
      return;
    }
    this.throttled += 1;
    this.lastAnswerAt = now;
    // The 429s of one burst are one signal, not many: those of requests sent before the last
    // decrease (or, when the send time is unknown, within a window of it).
    const sameBurst =
      sentAt !== undefined ? sentAt < this.lastDecreaseAt : now - this.lastDecreaseAt < windowMs;
    if (sameBurst) return;
    this.lastDecreaseAt = now;
    this.decreases += 1;
    const acceptedRate = (this.accepted.length * 1000) / windowMs;
    let learned =
      acceptedRate > 0
        ? acceptedRate * this.options.decreaseTo
        : retryAfterMs && retryAfterMs > 0
          ? 1000 / retryAfterMs
          : this.options.minRate;
    // Already paced and still refused: what was accepted over the last window included the
    // server's burst allowance, so it overstates the limit. Step down from the paced rate instead.
    if (this.rate !== Infinity)
      learned = Math.min(learned, this.rate * this.options.repeatDecreaseTo);
    // Learned from what the host accepted, the rate dropped to is the limit as now found (the
    // accepted count itself overstated it by the burst allowance: growing back to it quickly meets
    // the limit again within seconds). Learned from Retry-After alone, it says nothing of the
    // limit: the rate had before is regained at the quick pace.
    this.ceiling = acceptedRate > 0 ? Math.max(this.options.minRate, learned) : this.rate;
    this.rate = Math.max(this.options.minRate, Math.min(this.rate, learned));
    this.nextAt = Math.max(this.nextAt, now + 1000 / this.rate);
  }
}

// ---------------------------------------------------------------------------------------------
// The poll schedule of long-running operations.

/*
 * When to poll a long-running operation again. The detection latency after completion is at most
 * one interval, so the interval is the latency budget: max(0.5 s, 5 % of the time waited so far),
 * capped at 60 s. Short operations are seen within half a second; a 90-minute cluster create is
 * polled about once a minute. Pure, so it is unit-tested without time.
 */
export interface PollSchedule {
  /** Smallest interval, in milliseconds. */
  minIntervalMs: number;
  /** Interval as a fraction of the time already waited. */
  fraction: number;
  /** Largest interval, in milliseconds. */
  maxIntervalMs: number;
}

export const DEFAULT_POLL_SCHEDULE = {
  minIntervalMs: 500,
  fraction: 0.05,
  maxIntervalMs: 60_000,
} as const satisfies PollSchedule;

/** Milliseconds to wait before the next poll, given how long we have waited. */
export function nextPollDelay(
  elapsedMs: number,
  schedule: PollSchedule = DEFAULT_POLL_SCHEDULE,
): number {
  const proportional = Math.floor(elapsedMs * schedule.fraction);
  return Math.min(schedule.maxIntervalMs, Math.max(schedule.minIntervalMs, proportional));
}

// ---------------------------------------------------------------------------------------------
// Requests in flight per host.

/**
 * Requests in flight per API host. Five, as the vendor's Terraform provider allows per connection:
 * its default limiter (500 requests a minute) suggests real limits far below what five in flight
 * carry even at 150 ms a round trip, and every request in flight when a limit is first met is
 * refused with it — the floor of 429s a client that is told no quota can reach.
 */
export const DEFAULT_MAX_CONCURRENT_PER_HOST = 5;

/** A counting semaphore per host: keeps hundreds of parallel steps from storming one API. */
export class HostLimiter {
  /** Requests holding a slot now. */
  active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await fn();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }
}
