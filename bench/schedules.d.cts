/** The Terraform provider's schedule: 1 s doubling to 60 s. */
export function terraformPollDelay(attempt: number): number;
/** Poll times (ms since start) a schedule makes until a wait of `durationMs` is detected. */
export function pollTimesUntil(
  durationMs: number,
  delay: (elapsed: number, n: number) => number,
): number[];
