// Poll schedules for comparison in benchmarks and in the schedule's unit test (not shipped: the
// package needs only nextPollDelay, in provider/retry/when.ts).

/** The Terraform provider's schedule: 1 s doubling to 60 s. */
function terraformPollDelay(attempt) {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

/** Poll times (ms since start) a schedule makes until a wait of `durationMs` is detected. */
function pollTimesUntil(durationMs, delay) {
  const times = [];
  let t = 0;
  for (let n = 1; t < durationMs; n++) {
    t += delay(t, n);
    times.push(t);
  }
  return times;
}

module.exports = { terraformPollDelay, pollTimesUntil };
