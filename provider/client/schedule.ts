/**
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
