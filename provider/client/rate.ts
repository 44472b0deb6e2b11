/**
 * A request rate per API host that learns the server's limit (AIMD on a paced schedule), shared by
 * every resource in the provider process. Until the host answers 429 nothing is paced: a run under
 * no limit is exactly as fast as without it. On a 429 the rate drops to a little below what the
 * host actually accepted over the last second (or, with nothing accepted, to one request per
 * Retry-After); then it grows back to the limit it found and probes beyond it ten times slower,
 * so a run under a server limit sends about the limit
 * instead of bursts that are answered 429 and sent again. Pure: the clock is injected.
 */

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
   * Growth above the rate last seen accepted when a 429 came, as a fraction of `increasePerSecond`:
   * the limit found is approached quickly and probed beyond slowly, so a long run meets the limit
   * again rarely rather than every few seconds.
   */
  probeFraction: number;
  /** Fraction of the paced rate to drop to on a 429 of a request sent at that rate. */
  repeatDecreaseTo: number;
}

export const DEFAULT_ADAPTIVE_RATE: AdaptiveRateOptions = {
  decreaseTo: 0.95,
  increasePerSecond: 0.5,
  windowMs: 1_000,
  minRate: 0.5,
  probeFraction: 0.1,
  repeatDecreaseTo: 0.85,
};

export class AdaptiveRate {
  /** Requests per second; Infinity until the first 429. */
  private rate = Infinity;
  /** When the next request may be sent. */
  private nextAt = 0;
  private lastAnswerAt: number | undefined;
  private lastDecreaseAt = -Infinity;
  /** The accepted rate when the last 429 came: the limit as last found. */
  private ceiling = Infinity;
  /** Times of recent accepted answers (not 429), oldest first. */
  private readonly accepted: number[] = [];
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
    if (this.rate === Infinity) return 0;
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.rate;
    return at - now;
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
    this.ceiling = Math.min(acceptedRate > 0 ? acceptedRate : Infinity, this.rate);
    this.rate = Math.max(this.options.minRate, Math.min(this.rate, learned));
    this.nextAt = Math.max(this.nextAt, now + 1000 / this.rate);
  }
}
