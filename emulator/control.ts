/**
 * Test control: scripted faults per route, a token-bucket rate limit, and a request log with
 * counts per method and route. Consulted by the server's request hooks.
 */
export interface RouteFault {
  /** HTTP method to match; any when omitted. */
  method?: string;
  /** Regular expression tested against the request path (no query string). */
  path: string;
  /** Answer with this status and a google.rpc.Status body. */
  status?: number;
  /** Seconds for a Retry-After header (with `status`). */
  retryAfterSeconds?: number;
  /** Wait this long before handling (or before the scripted status). */
  delayMs?: number;
  /** Drop the connection without an answer. */
  reset?: boolean;
  /** How many matching requests this fault applies to; default 1. */
  times?: number;
}

interface ArmedFault extends RouteFault {
  regex: RegExp;
  remaining: number;
}

export interface LogEntry {
  method: string;
  route: string;
  path: string;
  status: number;
}

export class FaultTable {
  private faults: ArmedFault[] = [];

  add(fault: RouteFault): void {
    this.faults.push({ ...fault, regex: new RegExp(fault.path), remaining: fault.times ?? 1 });
  }

  clear(): void {
    this.faults = [];
  }

  /** The first armed fault for this request, consumed once. */
  take(method: string, path: string): RouteFault | undefined {
    const f = this.faults.find(
      (x) =>
        x.remaining > 0 && (!x.method || x.method.toUpperCase() === method) && x.regex.test(path),
    );
    if (!f) return undefined;
    f.remaining -= 1;
    this.faults = this.faults.filter((x) => x.remaining > 0);
    return f;
  }
}

export class RateLimiter {
  private rps: number | undefined;
  private tokens = 0;
  private last = 0;

  set(rps: number | undefined, now: number): void {
    this.rps = rps && rps > 0 ? rps : undefined;
    this.tokens = this.rps ?? 0;
    this.last = now;
  }

  /** Seconds the caller must wait, or 0 when the request may pass. */
  take(now: number): number {
    if (!this.rps) return 0;
    this.tokens = Math.min(this.rps, this.tokens + ((now - this.last) / 1000) * this.rps);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.rps));
  }
}

export class RequestLog {
  private entries: LogEntry[] = [];
  private counts: Record<string, number> = {};
  private static readonly KEEP = 20_000;

  record(entry: LogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > RequestLog.KEEP)
      this.entries.splice(0, this.entries.length - RequestLog.KEEP);
    const key = `${entry.method} ${entry.route}`;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  snapshot(): { entries: LogEntry[]; counts: Record<string, number> } {
    return { entries: [...this.entries], counts: { ...this.counts } };
  }

  clear(): void {
    this.entries = [];
    this.counts = {};
  }
}
