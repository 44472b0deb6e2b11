/**
 * The transport every API call goes through: bearer auth (one refresh on 401), a bound on
 * concurrent requests per host, a per-request timeout, the one retry loop (retry/loop.ts; a
 * single attempt when the request is part of an enclosing logical request), google.rpc.Status
 * errors turned into ApiError, and responses parsed with zod (unknown fields ignored).
 */
import * as http from "node:http";
import * as https from "node:https";
import axios from "axios";
import type { AxiosInstance, AxiosResponse, Method } from "axios";
import type { ZodType } from "zod";
import type { TokenSource } from "./auth";
import type { FieldViolation } from "./errors";
import { ApiError, RedpandaError } from "./errors";
import { countSend, withRetry } from "../retry/loop";
import type { RetryPolicy, RetryRuntime } from "../retry/when";
import {
  AdaptiveRate,
  DEFAULT_RETRY_POLICY,
  parseQuota,
  parseRetryAfter,
  realRuntime,
} from "../retry/when";
import { markIdempotency, whether } from "../retry/whether";

export interface TransportOptions {
  auth: TokenSource;
  /** Per-request timeout in milliseconds; default 30 000. */
  requestTimeoutMs?: number;
  /** Concurrent requests per host; default {@link DEFAULT_MAX_CONCURRENT_PER_HOST}. */
  maxConcurrentPerHost?: number;
  /** The attempt budget of each request (docs/reliability.md); default {@link DEFAULT_RETRY_POLICY}. */
  retry?: RetryPolicy;
  /** Clock, sleep and randomness; injected by tests. */
  runtime?: RetryRuntime;
  /** Called before a retry wait: for progress logs. */
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
  /**
   * How long to keep retrying a host that has never answered in this process when its address
   * refuses connections or does not resolve, in milliseconds; default 15 000. A host that has
   * answered before keeps the full retry policy (a transient outage mid-run).
   */
  unreachableGraceMs?: number;
  /**
   * Pace requests per host by its quota header and 429 answers (see rate.ts); default true. Off,
   * every request is sent as soon as a concurrency slot is free.
   */
  adaptiveRate?: boolean;
  /**
   * Awaited before each request that changes something (any method but GET), once its send slot
   * is held: the provider process checks there that its engine still runs (runtime/orphan.ts), so
   * a killed run's provider does not go on creating what nobody will record.
   */
  beforeChange?: () => Promise<void>;
}

/**
 * Requests in flight per API host. Five, as the vendor's Terraform provider allows per connection:
 * its default limiter (500 requests a minute) suggests real limits far below what five in flight
 * carry even at 150 ms a round trip, and every request in flight when a limit is first met is
 * refused with it — the floor of 429s a client that is told no quota can reach.
 */
export const DEFAULT_MAX_CONCURRENT_PER_HOST = 5;

/** Connection failures that mean "nothing is there", as opposed to resets or timeouts. */
const NOTHING_THERE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

export interface RequestSpec<T> {
  method: Method;
  /** Absolute URL without query. */
  url: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  /** Safe to send again after an ambiguous failure (GET, PUT, DELETE; not POST creates). */
  idempotent: boolean;
  /** Schema of a 2xx body; omit for empty answers. */
  schema?: ZodType<T>;
  /**
   * HTTP Basic credentials instead of the bearer token (a Schema Registry user). Sent only in the
   * header; never part of an error.
   */
  basicAuth?: { username: string; password: string };
}

/** A counting semaphore per host: keeps hundreds of parallel steps from storming one API. */
class HostLimiter {
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

export function encodeQuery(query: RequestSpec<unknown>["query"]): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

function statusError(res: AxiosResponse, method: string, path: string, now: number): ApiError {
  const body = (res.data && typeof res.data === "object" ? res.data : {}) as Record<
    string,
    unknown
  >;
  const details = Array.isArray(body.details) ? (body.details as Record<string, unknown>[]) : [];
  const info = details.find((d) => String(d["@type"]).endsWith("google.rpc.ErrorInfo"));
  const badRequest = details.find((d) => String(d["@type"]).endsWith("google.rpc.BadRequest"));
  const violations = Array.isArray(badRequest?.field_violations)
    ? (badRequest.field_violations as FieldViolation[])
    : [];
  const retryAfter = res.headers["retry-after"];
  return new ApiError({
    status: res.status,
    code: typeof body.code === "string" ? body.code : httpCodeName(res.status),
    // google.rpc's ErrorInfo reason; a Schema Registry's `error_code` (e.g. 42201) where it has one.
    reason:
      typeof info?.reason === "string"
        ? info.reason
        : typeof body.error_code === "number"
          ? `error_code ${body.error_code}`
          : undefined,
    apiMessage: typeof body.message === "string" ? body.message : `HTTP ${res.status}`,
    method,
    path,
    fieldViolations: violations,
    retryAfterMs: parseRetryAfter(typeof retryAfter === "string" ? retryAfter : undefined, now),
  });
}

/** The google.rpc code for a status when the body carries none (grpc-gateway's mapping). */
function httpCodeName(status: number): string {
  const names: Record<number, string> = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    409: "ALREADY_EXISTS",
    429: "RESOURCE_EXHAUSTED",
    501: "UNIMPLEMENTED",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
  };
  return names[status] ?? (status >= 500 ? "INTERNAL" : "UNKNOWN");
}

export class Transport {
  private readonly axios: AxiosInstance;
  private readonly limiters = new Map<string, HostLimiter>();
  private readonly rates = new Map<string, AdaptiveRate>();
  private readonly runtime: RetryRuntime;
  /** Requests sent, counting every attempt (tests assert exact numbers). */
  attempts = 0;
  /** Hosts that sent any HTTP response in this process. */
  private readonly answered = new Set<string>();
  /** When a never-answered host first failed to connect. */
  private readonly firstRefusal = new Map<string, number>();

  constructor(private readonly options: TransportOptions) {
    this.runtime = options.runtime ?? realRuntime;
    this.axios = axios.create({
      timeout: options.requestTimeoutMs ?? 30_000,
      validateStatus: () => true,
      httpAgent: new http.Agent({ keepAlive: true }),
      httpsAgent: new https.Agent({ keepAlive: true }),
      // Redirects would re-send the Authorization header to another host.
      maxRedirects: 0,
    });
  }

  private limiter(url: string): HostLimiter {
    const host = new URL(url).host;
    let l = this.limiters.get(host);
    if (!l) {
      l = new HostLimiter(this.options.maxConcurrentPerHost ?? DEFAULT_MAX_CONCURRENT_PER_HOST);
      this.limiters.set(host, l);
    }
    return l;
  }

  /** The learned request rate of a host (undefined when adaptive pacing is off). */
  rateOf(url: string): AdaptiveRate | undefined {
    if (this.options.adaptiveRate === false) return undefined;
    const host = new URL(url).host;
    let r = this.rates.get(host);
    if (!r) {
      r = new AdaptiveRate(() => this.runtime.now());
      this.rates.set(host, r);
    }
    return r;
  }

  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const path = new URL(spec.url).pathname;
    const idempotency = spec.idempotent ? "idempotent" : "non-idempotent";
    return withRetry(
      () =>
        this.once(spec, path, true).catch((err: unknown) => {
          // An enclosing loop (createOnce, the waiter) decides by how this request was sent.
          markIdempotency(err, idempotency);
          throw err;
        }),
      {
        idempotent: spec.idempotent,
        policy: this.policy,
        runtime: this.runtime,
        onRetry: this.options.onRetry,
      },
    );
  }

  private get policy(): RetryPolicy {
    return this.options.retry ?? DEFAULT_RETRY_POLICY;
  }

  private async once<T>(spec: RequestSpec<T>, path: string, mayRefresh: boolean): Promise<T> {
    const token = spec.basicAuth ? "" : await this.options.auth.token();
    const rate = this.rateOf(spec.url);
    // The send slot is claimed once a concurrency slot is held: a request queued before the first
    // 429 is then paced by what that 429 taught, instead of going out with a slot it claimed
    // while nothing was paced.
    // The answer is learned from while its slot is still held: the next request waiting for a
    // slot is then paced by it, instead of going out before it is read.
    const limiter = this.limiter(spec.url);
    const res = await limiter.run(async () => {
      const wait = rate?.reserve() ?? 0;
      if (wait > 0) await this.runtime.sleep(wait);
      if (spec.method !== "GET") await this.options.beforeChange?.();
      const sentAt = this.runtime.now();
      const answer = await this.send(spec, path, token);
      if (rate) {
        const header = (name: string) => {
          const v: unknown = answer.headers[name];
          return typeof v === "string" ? v : undefined;
        };
        rate.onAnswer(
          answer.status,
          parseRetryAfter(header("retry-after"), this.runtime.now()),
          sentAt,
        );
        // The vendor's gRPC API sends `ratelimit`; its REST gateway may prefix gRPC metadata.
        const quota = parseQuota(header("ratelimit") ?? header("grpc-metadata-ratelimit"));
        if (quota) rate.onQuota(quota, limiter.active - 1);
      }
      return answer;
    });
    if (res.status < 200 || res.status >= 300) {
      const err = statusError(res, spec.method, path, this.runtime.now());
      // whether.ts: 401 → "refresh": one more send with a new token, if the source can get one.
      const refresh = whether(err, "idempotent") === "refresh";
      if (refresh && mayRefresh && !spec.basicAuth && this.options.auth.refreshable) {
        this.options.auth.invalidate(token);
        return this.once(spec, path, false);
      }
      throw err;
    }
    if (!spec.schema) return undefined as T;
    const parsed = spec.schema.safeParse(res.data === "" ? {} : res.data);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
      throw new RedpandaError(
        `${spec.method} ${path} returned a response this package does not understand: ${issues.join("; ")}. ` +
          "The API may have changed; please report it with this message.",
      );
    }
    return parsed.data;
  }

  private async send(
    spec: RequestSpec<unknown>,
    path: string,
    token: string,
  ): Promise<AxiosResponse> {
    this.attempts += 1;
    countSend(this.policy, this.options.onRetry);
    const host = new URL(spec.url).host;
    try {
      const res = await this.axios.request({
        method: spec.method,
        url: spec.url + encodeQuery(spec.query),
        data: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        headers: {
          authorization: spec.basicAuth
            ? `Basic ${Buffer.from(`${spec.basicAuth.username}:${spec.basicAuth.password}`).toString("base64")}`
            : `Bearer ${token}`,
          accept: "application/json",
          ...(spec.body === undefined ? {} : { "content-type": "application/json" }),
        },
      });
      this.answered.add(host);
      return res;
    } catch (err) {
      // No response: reset, refused, or our timeout. Keep only the code: the axios error holds the
      // request config, headers (the token) included.
      const code = (err as { code?: string }).code ?? "ERR_NETWORK";
      const timedOut = code === "ECONNABORTED" || code === "ETIMEDOUT";
      let final = false;
      let detail = "";
      if (NOTHING_THERE.has(code) && !this.answered.has(host)) {
        // A wrong address fails in seconds, not after the whole retry policy: nothing has ever
        // answered there in this run, so it is not an outage we could wait out.
        const now = this.runtime.now();
        const first = this.firstRefusal.get(host) ?? now;
        this.firstRefusal.set(host, first);
        final = now - first >= (this.options.unreachableGraceMs ?? 15_000);
        if (final) detail = `; nothing has answered there in ${Math.round((now - first) / 1000)} s`;
      }
      return Promise.reject(
        new ApiError({
          status: 0,
          code: timedOut ? "DEADLINE_EXCEEDED" : "UNAVAILABLE",
          apiMessage: timedOut
            ? `no response within ${this.options.requestTimeoutMs ?? 30_000} ms`
            : `connection to ${host} failed (${code})${detail}`,
          method: spec.method,
          path,
          final,
          cause: new Error(code),
        }),
      );
    }
  }
}
