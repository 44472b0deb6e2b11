import { ApiError, DeadlineError } from "../../../provider/errors";
import type { RetryPolicy, RetryRuntime } from "../../../provider/retry/when";
import { backoffDelay, parseRetryAfter } from "../../../provider/retry/when";
import { withRetry } from "../../../provider/transport/http";

/** A fake clock: sleeping advances it; every wait is recorded. */
function fakeRuntime(random = 0.5): RetryRuntime & { sleeps: number[] } {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    random: () => random,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

const apiError = (status: number, code: string, retryAfterMs?: number) =>
  new ApiError({ status, code, apiMessage: "x", method: "GET", path: "/v1/x", retryAfterMs });

const policy: RetryPolicy = {
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxAttempts: 5,
  deadlineMs: 60_000,
};

/** An attempt function failing with the given errors, then returning "ok"; counts calls. */
function script(...failures: ApiError[]) {
  const calls = { n: 0 };
  const fn = async () => {
    const failure = failures[calls.n++];
    if (failure) throw failure;
    return "ok";
  };
  return { fn, calls };
}

describe("backoffDelay (full jitter)", () => {
  it.each([
    [1, 0.99, 99],
    [2, 0.5, 100],
    [3, 0.999, 399],
    [10, 0.5, 500],
  ])("attempt %d with random %d waits %d ms", (attempt, random, expected) => {
    expect(backoffDelay(attempt, policy, random)).toBe(expected);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates", () => {
    expect(parseRetryAfter("3", 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });
});

describe("withRetry", () => {
  it("retries 503 on an idempotent request and succeeds on the third attempt", async () => {
    const rt = fakeRuntime();
    const { fn, calls } = script(apiError(503, "UNAVAILABLE"), apiError(503, "UNAVAILABLE"));
    await expect(withRetry(fn, { policy, runtime: rt, idempotent: true })).resolves.toBe("ok");
    expect(calls.n).toBe(3);
    expect(rt.sleeps).toEqual([50, 100]);
  });

  it("honours Retry-After when it is longer than the backoff", async () => {
    const rt = fakeRuntime();
    const { fn, calls } = script(apiError(429, "RESOURCE_EXHAUSTED", 2_000));
    await withRetry(fn, { policy, runtime: rt, idempotent: false });
    expect(calls.n).toBe(2);
    expect(rt.sleeps).toEqual([2_000]);
  });

  it("never re-sends a non-idempotent request after an ambiguous failure", async () => {
    const rt = fakeRuntime();
    const { fn, calls } = script(apiError(0, "UNAVAILABLE"));
    await expect(withRetry(fn, { policy, runtime: rt, idempotent: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(calls.n).toBe(1);
    expect(rt.sleeps).toEqual([]);
  });

  it("does not retry errors a user must act on", async () => {
    const { fn, calls } = script(apiError(400, "INVALID_ARGUMENT"));
    await expect(
      withRetry(fn, { policy, runtime: fakeRuntime(), idempotent: true }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(calls.n).toBe(1);
  });

  it("stops after maxAttempts", async () => {
    const { fn, calls } = script(...Array.from({ length: 9 }, () => apiError(502, "UNAVAILABLE")));
    await expect(
      withRetry(fn, { policy, runtime: fakeRuntime(), idempotent: true }),
    ).rejects.toMatchObject({ status: 502 });
    expect(calls.n).toBe(5);
  });

  it("gives up at the deadline with a DeadlineError that says how long it tried", async () => {
    const rt = fakeRuntime();
    const { fn, calls } = script(
      ...Array.from({ length: 9 }, () => apiError(429, "RESOURCE_EXHAUSTED", 30_000)),
    );
    const err = await withRetry(fn, { policy, runtime: rt, idempotent: true }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DeadlineError);
    expect((err as DeadlineError).message).toMatch(
      /Gave up after 3 attempts in 60 s \(retry deadline 60 s\)/,
    );
    expect(calls.n).toBe(3);
  });
});
