import { DeadlineError, OperationError, ApiError } from "../../../provider/errors";
import type { RetryRuntime } from "../../../provider/retry/when";
import { nextPollDelay } from "../../../provider/retry/when";
import { pollTimesUntil, terraformPollDelay } from "../../../bench/schedules.cjs";
import type { OperationLike } from "../../../provider/retry/waiter";
import { waitForOperation } from "../../../provider/retry/waiter";

function fakeRuntime(): RetryRuntime & { t: () => number } {
  let now = 0;
  return { now: () => now, t: () => now, random: () => 0.5, sleep: async (ms) => void (now += ms) };
}

describe("nextPollDelay", () => {
  it.each([
    [0, 500],
    [5_000, 500],
    [10_000, 500],
    [60_000, 3_000],
    [600_000, 30_000],
    [5_400_000, 60_000],
  ])("after %d ms waits %d ms", (elapsed, delay) => {
    expect(nextPollDelay(elapsed)).toBe(delay);
  });

  it("keeps detection latency within max(0.5 s, 5 % of elapsed) for any completion time", () => {
    for (const duration of [300, 1_000, 5_000, 30_000, 90_000, 900_000, 5_400_000]) {
      const times = pollTimesUntil(duration, (elapsed) => nextPollDelay(elapsed));
      const detectedAt = times[times.length - 1] as number;
      expect(detectedAt - duration).toBeLessThanOrEqual(Math.max(500, 0.05 * detectedAt));
    }
  });

  it("polls a 60-minute operation no more often than every 10 s on average", () => {
    // The polling-cost target that can hold beside the latency one (the poll-count comparison with
    // Terraform's doubling schedule cannot: see the next test).
    const hour = 3_600_000;
    const times = pollTimesUntil(hour, (elapsed) => nextPollDelay(elapsed));
    const meanIntervalMs = (times[times.length - 1] as number) / times.length;
    expect(meanIntervalMs).toBeGreaterThanOrEqual(10_000);
    expect(times.length).toBe(159); // a poll every 23 s on average
  });

  it("documents the poll counts against the Terraform schedule (1 s doubling to 60 s)", () => {
    const counts = [1_000, 5_000, 30_000, 5_400_000].map((d) => [
      pollTimesUntil(d, (e) => nextPollDelay(e)).length,
      pollTimesUntil(d, (_e, n) => terraformPollDelay(n)).length,
    ]);
    // The latency budget costs polls: about 2x the Terraform schedule on a 90-minute create and 9x on
    // a 30 s wait. Both targets of the client-core issue cannot hold at once; latency wins here.
    expect(counts).toEqual([
      [2, 1],
      [10, 3],
      [43, 5],
      [189, 95],
    ]);
  });
});

describe("waitForOperation", () => {
  const op = (state: string, extra: Partial<OperationLike> = {}): OperationLike => ({
    id: "op1",
    type: "TYPE_CREATE_CLUSTER",
    state,
    resource_id: "c1",
    ...extra,
  });

  it("returns the completed operation and reports progress", async () => {
    const rt = fakeRuntime();
    const states = ["STATE_IN_PROGRESS", "STATE_IN_PROGRESS", "STATE_COMPLETED"];
    const progress: string[] = [];
    const done = await waitForOperation(async () => op(states.shift() as string), "op1", {
      deadlineMs: 60_000,
      runtime: rt,
      onProgress: (p) => progress.push(`${p.state}@${p.elapsedMs}`),
    });
    expect(done.state).toBe("STATE_COMPLETED");
    expect(progress).toEqual([
      "STATE_IN_PROGRESS@0",
      "STATE_IN_PROGRESS@500",
      "STATE_COMPLETED@1000",
    ]);
  });

  it("turns STATE_FAILED into an OperationError with code, message and resource id", async () => {
    const failed = op("STATE_FAILED", {
      error: { code: "RESOURCE_EXHAUSTED", message: "no capacity" },
    });
    const err = await waitForOperation(async () => failed, "op1", {
      deadlineMs: 1_000,
      runtime: fakeRuntime(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OperationError);
    expect((err as OperationError).message).toBe(
      "operation op1 (TYPE_CREATE_CLUSTER) for c1 failed: RESOURCE_EXHAUSTED no capacity",
    );
    expect((err as OperationError).resourceId).toBe("c1");
  });

  it("tolerates a few transient poll errors, then gives up", async () => {
    const transient = new ApiError({
      status: 503,
      code: "UNAVAILABLE",
      apiMessage: "x",
      method: "GET",
      path: "/v1/operations/op1",
    });
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls <= 3) throw transient;
      return op("STATE_COMPLETED");
    };
    await expect(
      waitForOperation(flaky, "op1", { deadlineMs: 60_000, runtime: fakeRuntime() }),
    ).resolves.toMatchObject({ state: "STATE_COMPLETED" });
    calls = -10;
    await expect(
      waitForOperation(flaky, "op1", {
        deadlineMs: 60_000,
        runtime: fakeRuntime(),
        maxConsecutiveErrors: 4,
      }),
    ).rejects.toBe(transient);
  });

  it("stops at the deadline naming the operation, type, resource and time waited", async () => {
    const err = await waitForOperation(async () => op("STATE_IN_PROGRESS"), "op1", {
      deadlineMs: 5_000,
      runtime: fakeRuntime(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadlineError);
    expect((err as Error).message).toMatch(
      /^Timed out waiting for operation op1 \(TYPE_CREATE_CLUSTER\) for c1 after 5 s \(last state STATE_IN_PROGRESS, deadline 5 s\)/,
    );
  });
});
