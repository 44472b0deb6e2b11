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
  /**
   * Hold the request, unanswered, until `POST /_admin/faults/release` (or `DELETE
   * /_admin/faults`) lets it go; then handle it (or apply the scripted status). A test acts while
   * requests are certainly in flight, however slow the machine, instead of racing a delay.
   */
  hold?: boolean;
  /** How many matching requests this fault applies to; default 1. */
  times?: number;
}

interface ArmedFault extends RouteFault {
  regex: RegExp;
  remaining: number;
  taken: number;
  /** Requests this fault holds or has released but not finished handling. */
  holding: number;
  /** Resolvers of the requests still held. */
  waiting: (() => void)[];
}

/** An armed fault as the admin API reports it: how often it has struck so far. */
export interface FaultReport extends RouteFault {
  taken: number;
  remaining: number;
  /** Requests caught by a `hold` fault and not yet handled to the end (held or being handled). */
  holding: number;
}

/** A request a fault caught: the fault, and (for `hold`) the wait for its release. */
export interface TakenFault {
  fault: RouteFault;
  /** Resolves when a `hold` fault releases the request; at once otherwise. */
  released: Promise<void>;
  /** Call once the request has been handled (or dropped): it no longer counts as holding. */
  settle: () => void;
}

export interface LogEntry {
  method: string;
  route: string;
  path: string;
  status: number;
  /** When the answer went out (or the connection was dropped), in ms since the epoch. */
  at: number;
}

export class FaultTable {
  private faults: ArmedFault[] = [];

  add(fault: RouteFault): void {
    this.faults.push({
      ...fault,
      regex: new RegExp(fault.path),
      remaining: fault.times ?? 1,
      taken: 0,
      holding: 0,
      waiting: [],
    });
  }

  /**
   * The faults still armed or still holding requests, each with how many requests it has caught.
   * A test waits on this to act while held requests are still held, instead of guessing from the
   * client's output.
   */
  list(): FaultReport[] {
    return this.faults.map(({ regex: _regex, waiting: _waiting, ...f }) => f);
  }

  /** Lets go the requests held by faults on this path (every fault when omitted); how many. */
  release(path?: string): number {
    let released = 0;
    for (const f of this.faults) {
      if (path !== undefined && f.path !== path) continue;
      released += f.waiting.length;
      for (const go of f.waiting.splice(0)) go();
    }
    return released;
  }

  /** Disarms every fault; requests still held are released first, so none waits forever. */
  clear(): void {
    this.release();
    this.faults = [];
  }

  /** The first armed fault for this request, consumed once. */
  take(method: string, path: string): TakenFault | undefined {
    const f = this.faults.find(
      (x) =>
        x.remaining > 0 && (!x.method || x.method.toUpperCase() === method) && x.regex.test(path),
    );
    if (!f) return undefined;
    f.remaining -= 1;
    f.taken += 1;
    const released = f.hold
      ? new Promise<void>((resolve) => f.waiting.push(resolve))
      : Promise.resolve();
    if (f.hold) f.holding += 1;
    let settled = !f.hold;
    const settle = () => {
      if (settled) return;
      settled = true;
      f.holding -= 1;
      this.prune();
    };
    this.prune();
    return { fault: f, released, settle };
  }

  private prune(): void {
    this.faults = this.faults.filter((x) => x.remaining > 0 || x.holding > 0);
  }
}

export class RateLimiter {
  private rps: number | undefined;
  private tokens = 0;
  private last = 0;

  /** Whether answers carry the `ratelimit` header (a gateway might not forward it). */
  private sendHeader = true;

  set(rps: number | undefined, now: number, header = true): void {
    this.rps = rps && rps > 0 ? rps : undefined;
    this.sendHeader = header;
    this.tokens = this.rps ?? 0;
    this.last = now;
  }

  /**
   * The quota as the vendor's API reports it on each answer (gRPC metadata `ratelimit`, read by
   * its Terraform provider): `limit=…,remaining=…,reset=…`, reset in whole seconds until the
   * bucket is full again. Undefined when no limit is set or the header is switched off.
   */
  header(now: number): string | undefined {
    if (!this.rps || !this.sendHeader) return undefined;
    const tokens = Math.min(this.rps, this.tokens + ((now - this.last) / 1000) * this.rps);
    const remaining = Math.floor(tokens);
    const reset = Math.ceil((this.rps - tokens) / this.rps);
    return `limit=${this.rps},remaining=${remaining},reset=${reset}`;
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

  record(entry: Omit<LogEntry, "at">): void {
    this.entries.push({ ...entry, at: Date.now() });
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

/** What chaos mode injects, per request and per long-running operation. */
export interface ChaosSettings {
  /** Seed of the pseudo-random sequence, so a failing run can be replayed. */
  seed: number;
  /** Share of API requests given a fault (429, 503, reset, or slow), in [0, 1]. */
  rate: number;
  /** How long a slow request is held before it is handled, in milliseconds. */
  slowMs: number;
  /** Share of long-running operations that end STATE_FAILED, in [0, 1]. */
  operationFailureRate: number;
}

export type ChaosKind = "429" | "503" | "reset" | "slow";

/** mulberry32: a small seeded generator, enough for replayable fault sequences. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Random faults on seeded sequences, counted by kind. Requests and operations draw from separate
 * sequences: the n-th operation's fate depends on the seed alone, whatever the order in which
 * concurrent requests arrive.
 */
export class Chaos {
  private settings: ChaosSettings | undefined;
  private requestRandom = generator(0);
  private operationRandom = generator(0);
  readonly injected: Record<ChaosKind | "operationFailed", number> = {
    "429": 0,
    "503": 0,
    reset: 0,
    slow: 0,
    operationFailed: 0,
  };
  requests = 0;
  operations = 0;

  set(settings: ChaosSettings | undefined): void {
    this.settings = settings;
    this.requestRandom = generator(settings?.seed ?? 0);
    this.operationRandom = generator(((settings?.seed ?? 0) ^ 0x5bd1e995) >>> 0);
    this.requests = 0;
    this.operations = 0;
    for (const k of Object.keys(this.injected)) this.injected[k as keyof Chaos["injected"]] = 0;
  }

  /** The fault for this request, if chaos picks one. */
  pick(): RouteFault | undefined {
    const s = this.settings;
    if (!s) return undefined;
    this.requests += 1;
    if (this.requestRandom() >= s.rate) return undefined;
    const kinds: ChaosKind[] = ["429", "503", "reset", "slow"];
    const kind = kinds[Math.floor(this.requestRandom() * kinds.length)] as ChaosKind;
    this.injected[kind] += 1;
    if (kind === "429") return { path: "", status: 429, retryAfterSeconds: 1 };
    if (kind === "503") return { path: "", status: 503 };
    if (kind === "reset") return { path: "", reset: true };
    return { path: "", delayMs: s.slowMs };
  }

  /** Whether the next long-running operation ends STATE_FAILED. */
  failOperation(): boolean {
    const s = this.settings;
    if (!s) return false;
    this.operations += 1;
    if (this.operationRandom() >= s.operationFailureRate) return false;
    this.injected.operationFailed += 1;
    return true;
  }

  report(): { settings: ChaosSettings | undefined; requests: number; operations: number } & {
    injected: Chaos["injected"];
  } {
    return {
      settings: this.settings,
      requests: this.requests,
      operations: this.operations,
      injected: { ...this.injected },
    };
  }
}
