// The adaptive rate against the emulator's own token bucket (emulator/control.ts), in simulated
// time: as many concurrent senders as the transport allows per host, 5 ms per answer, a 429 sent
// again after its Retry-After.
import { AdaptiveRate, parseQuota } from "../../../provider/retry/when";
import { RateLimiter } from "../../../emulator/control";
import { DEFAULT_MAX_CONCURRENT_PER_HOST } from "../../../provider/retry/when";

interface Run {
  requests: number;
  throttled: number;
  seconds: number;
}

/** Sends `jobs` requests through `workers` senders against a server limit of `rps` (none: 0). */
function simulate(
  jobs: number,
  rps: number,
  adaptive: boolean,
  workers = DEFAULT_MAX_CONCURRENT_PER_HOST,
  server = new RateLimiter(),
  quotaHeader = false,
): Run {
  let clock = 0;
  const rate = new AdaptiveRate(() => clock);
  server.set(rps || undefined, 0, quotaHeader);
  const ready: number[] = Array.from({ length: jobs }, () => 0); // when each job may be sent
  const free: number[] = Array.from({ length: workers }, () => 0); // when each sender is free
  let requests = 0;
  let throttled = 0;
  let end = 0;
  while (ready.length > 0) {
    // The earliest sender takes the earliest ready job, in time order.
    const w = free.indexOf(Math.min(...free));
    ready.sort((a, b) => a - b);
    const job = ready.shift() as number;
    clock = Math.max(free[w] as number, job);
    const wait = adaptive ? rate.reserve() : 0;
    clock += wait;
    requests += 1;
    const sentAt = clock;
    const retryAfterS = server.take(clock);
    const quota = parseQuota(server.header(clock));
    if (adaptive && quota) {
      const othersInFlight = free.filter((f, i) => i !== w && f > sentAt).length;
      rate.onQuota(quota, othersInFlight);
    }
    clock += 5;
    if (retryAfterS > 0) {
      throttled += 1;
      if (adaptive) rate.onAnswer(429, retryAfterS * 1000, sentAt);
      ready.push(clock + retryAfterS * 1000);
    } else if (adaptive) rate.onAnswer(200);
    free[w] = clock;
    end = Math.max(end, clock);
  }
  return { requests, throttled, seconds: end / 1000 };
}

it("under a 25 requests/s limit sends about the limit: 429s ≤ 2 %, time ≤ 1.1 × requests / limit", () => {
  const off = simulate(900, 25, false);
  const on = simulate(900, 25, true);
  // Without it, bursts are answered 429 and sent again (the issue measured 23 % on the real engine).
  expect(off.throttled / off.requests).toBeGreaterThan(0.1);
  expect(on.throttled / on.requests).toBeLessThanOrEqual(0.02);
  expect(on.seconds).toBeLessThanOrEqual((1.1 * on.requests) / 25);
  // Every request refused is one more against the organization's shared budget.
  expect(on.requests).toBeLessThan(off.requests * 0.85);
});

it("keeps 429s ≤ 2 % also when a run is short (a refresh answered from shared lists: ~300 requests)", () => {
  const on = simulate(300, 25, true);
  expect(on.throttled / on.requests).toBeLessThanOrEqual(0.02);
  expect(on.seconds).toBeLessThanOrEqual((1.1 * on.requests) / 25);
});

it("probes beyond the rate it dropped to slowly: what a token bucket accepted overstates its limit", () => {
  let now = 0;
  const rate = new AdaptiveRate(() => now);
  for (let i = 0; i < 20; i++) rate.onAnswer(200);
  rate.onAnswer(429, 1_000); // 20 accepted in the last second, its burst allowance included
  expect(rate.current).toBeCloseTo(17);
  now = 2_000;
  rate.onAnswer(200); // two seconds above the limit found, at a tenth of 0.5/s per second
  expect(rate.current).toBeCloseTo(17.1);
});

it("regains the rate it had quickly when only Retry-After spoke (nothing accepted to learn from)", () => {
  let now = 0;
  const rate = new AdaptiveRate(() => now);
  for (let i = 0; i < 20; i++) rate.onAnswer(200);
  rate.onAnswer(429, 1_000); // paced at 17/s
  now = 5_000;
  rate.onAnswer(429, 2_000, 4_999); // nothing accepted in the last second: one per Retry-After
  expect(rate.current).toBeCloseTo(0.5);
  now = 6_000;
  rate.onAnswer(200);
  now = 8_000;
  rate.onAnswer(200); // three seconds at 0.5/s per second, below the 14.45/s it had
  expect(rate.current).toBeCloseTo(2);
});

it("a 429 of a request sent at the lowered rate is a new signal: it steps down from the paced rate", () => {
  let now = 0;
  const rate = new AdaptiveRate(() => now);
  // A burst allowance made 40 answers in a second look like the limit.
  for (let i = 0; i < 40; i++) rate.onAnswer(200);
  now = 100;
  rate.onAnswer(429, 1_000, 90);
  expect(rate.current).toBeCloseTo(34);
  now = 150;
  rate.onAnswer(429, 1_000, 95); // sent before that decrease: the same burst
  expect(rate.decreases).toBe(1);
  now = 300;
  rate.onAnswer(429, 1_000, 200); // sent after it, still refused
  expect(rate.decreases).toBe(2);
  expect(rate.current).toBeCloseTo(34 * 0.85);
});

it("with no limit never paces: as fast as without it", () => {
  expect(simulate(900, 0, true)).toEqual(simulate(900, 0, false));
});

it("learns from Retry-After when nothing was accepted, and never drops below its floor", () => {
  let now = 0;
  const rate = new AdaptiveRate(() => now);
  rate.onAnswer(429, 4_000);
  expect(rate.current).toBeCloseTo(0.5);
  expect(rate.reserve()).toBe(2_000);
  now = 10_000;
  rate.onAnswer(200);
  expect(rate.current).toBeGreaterThan(0.5);
});

it("takes the 429s of one burst as one signal", () => {
  let now = 0;
  const rate = new AdaptiveRate(() => now);
  for (let i = 0; i < 40; i++) rate.onAnswer(200);
  now = 100;
  for (let i = 0; i < 10; i++) rate.onAnswer(429, 1_000);
  expect(rate.decreases).toBe(1);
  expect(rate.throttled).toBe(10);
  expect(rate.current).toBeCloseTo(40 * 0.85);
});

describe("the host's quota header (ratelimit: limit=…,remaining=…,reset=…)", () => {
  it("parses the form the vendor's Terraform provider reads, and nothing else", () => {
    expect(parseQuota("limit=200,remaining=75,reset=30")).toEqual({
      limit: 200,
      remaining: 75,
      resetMs: 30_000,
    });
    expect(parseQuota("limit=25, remaining=0, reset=1")).toEqual({
      limit: 25,
      remaining: 0,
      resetMs: 1_000,
    });
    expect(parseQuota(undefined)).toBeUndefined();
    expect(parseQuota("limit=25,remaining=3")).toBeUndefined();
    expect(parseQuota("limit=x,remaining=3,reset=1")).toBeUndefined();
    expect(parseQuota("limit=0,remaining=0,reset=1")).toBeUndefined();
  });

  it("holds the next request once the quota left is taken by requests already in flight", () => {
    let now = 0;
    const rate = new AdaptiveRate(() => now);
    rate.onQuota({ limit: 25, remaining: 10, resetMs: 1_000 }, 3);
    expect(rate.reserve()).toBe(0); // 7 units left for the next (one of them kept in hand)
    // 25 units back per second, spaced 5 % wider: one every 42 ms; 3 left, 3 on their way, one
    // kept in hand: the next waits for two units to come back.
    rate.onQuota({ limit: 25, remaining: 3, resetMs: 1_000 }, 3);
    expect(rate.reserve()).toBeCloseTo(84);
    expect(rate.reserve()).toBeCloseTo(126);
    now = 1_000;
    expect(rate.reserve()).toBe(0); // the hold is over
    expect(rate.throttled).toBe(0);
  });

  it("under a 25 requests/s limit that says what is left: no 429 at all, time ≤ 1.1 × requests / limit", () => {
    for (const jobs of [300, 900]) {
      const on = simulate(jobs, 25, true, DEFAULT_MAX_CONCURRENT_PER_HOST, new RateLimiter(), true);
      expect(on.throttled).toBe(0);
      expect(on.seconds).toBeLessThanOrEqual((1.1 * on.requests) / 25);
    }
  });

  it("shares what is left among the sends made before the next answer", () => {
    // Seen on the real engine: an answer said 3 left with nothing in flight, and four slots
    // freed at once sent four requests; the fourth was answered 429.
    let now = 0;
    const rate = new AdaptiveRate(() => now);
    rate.onQuota({ limit: 25, remaining: 3, resetMs: 1_000 }, 0);
    expect([rate.reserve(), rate.reserve()]).toEqual([0, 0]); // one unit kept in hand
    expect(rate.reserve()).toBeCloseTo(42);
    expect(rate.reserve()).toBeCloseTo(84);
    // A fresher answer replaces the copy: 10 left, 2 on their way.
    now = 50;
    rate.onQuota({ limit: 25, remaining: 10, resetMs: 1_000 }, 2);
    expect(rate.reserve()).toBe(0);
  });

  it("with no limit the header is absent and nothing changes", () => {
    expect(
      simulate(900, 0, true, DEFAULT_MAX_CONCURRENT_PER_HOST, new RateLimiter(), true),
    ).toEqual(simulate(900, 0, false));
  });
});
