/**
 * One request, top to bottom: what a logical request is, its attempts, pacing, the send and how
 * its answer is classified. A kind's call (provider/kinds/<kind>/api.ts, through api-client.ts)
 * hands a {@link RequestSpec} to {@link Transport.request}, and from there everything happens in
 * this file, reading on from it:
 * 1. **Attempts** ({@link withRetry}): one loop per logical request sends it up to
 *    `budget.policy.maxAttempts` times. After a failure it asks whether.ts's one table whether to
 *    send again and when.ts how long to wait first; Ctrl-C (the instance's signal) ends it.
 * 2. **Pacing** ({@link Transport.paced}): a send waits for a slot of the host's concurrency bound
 *    and its learned rate (when.ts), and before a change checks that the engine still runs.
 * 3. **Send** ({@link Transport.exchange}): with the request's HTTP Basic credentials when it
 *    carries them (a Schema Registry user), else the token source's bearer token; never over plain
 *    HTTP off this machine unless allowed (plain-http.ts).
 * 4. **Classify**: a 2xx answer is parsed by the request's zod schema (unknown fields ignored); any
 *    other answer, or none within the request timeout, is an ApiError (google.rpc.Status read) that
 *    records whether the request was idempotent — what the table's columns need. A refused bearer
 *    token is forgotten, so the next send fetches a new one.
 * A request made inside an attempt of an enclosing loop (createOnce, the waiter) goes through a
 * transport bound to that attempt ({@link Transport.within}): it is one send of that attempt, and
 * the enclosing loop decides what follows.
 */
import * as http from "node:http";
import * as https from "node:https";
import axios from "axios";
import type { AxiosInstance, AxiosResponse, Method } from "axios";
import type { ZodType } from "zod";
import type { TokenSource } from "./auth";
import { refusePlainHttp } from "./plain-http";
import type { FieldViolation } from "../errors";
import { ApiError, DeadlineError, Interrupted, RedpandaError, throwIfInterrupted } from "../errors";
import type { RetryPolicy, RetryRuntime } from "../retry/when";
import {
  AdaptiveRate,
  DEFAULT_MAX_CONCURRENT_PER_HOST,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RETRY_POLICY,
  HostLimiter,
  parseQuota,
  parseRetryAfter,
  realRuntime,
  retryDelay,
} from "../retry/when";
import { whether } from "../retry/whether";

export interface RequestSpec<T> {
  method: Method;
  /** Absolute URL without query. */
  url: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  /** A JSON body. */
  body?: unknown;
  /**
   * A `multipart/form-data` body instead (a transform's module upload): Node's FormData, whose
   * content type and boundary axios sets. Blobs read again, so each attempt re-sends it whole.
   */
  form?: FormData;
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

export interface TransportOptions {
  auth: TokenSource;
  /** Per-request timeout in milliseconds; default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
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
   * Pace requests per host by its quota header and 429 answers (AdaptiveRate in retry/when.ts);
   * default true. Off, every request is sent as soon as a concurrency slot is free.
   */
  adaptiveRate?: boolean;
  /**
   * Awaited before each request that changes something (any method but GET), once its send slot
   * is held: the provider process checks there that its engine still runs (runtime/orphan.ts), so
   * a killed run's provider does not go on creating what nobody will record.
   */
  beforeChange?: () => Promise<void>;
  /**
   * Send credentials over plain HTTP to hosts that are not loopback (plain-http.ts); default
   * false: such a request is refused before it is sent.
   */
  allowPlainHttp?: boolean;
  /**
   * The provider instance's cancel signal (Ctrl-C): once aborted, a request in flight is abandoned,
   * none is sent, and retry and pacing pauses end, each with Interrupted.
   */
  signal?: AbortSignal;
}

/**
 * The current attempt of a logical request, handed by its loop to the code that sends. The
 * transport adds one to `sends` for each HTTP request it sends in it.
 */
export interface Attempt {
  /** Which attempt this is: 1 for the first. */
  readonly n: number;
  /** HTTP requests sent for the logical request so far, in all its attempts. */
  sends: number;
}

/** The budget and progress log of the logical requests made through one transport. */
export interface Budget {
  /** The attempt budget (docs/reliability.md, "Attempt budget"). */
  policy: RetryPolicy;
  /** Clock, sleep and randomness; injected by tests. */
  runtime?: RetryRuntime;
  /** Called before each wait, for progress logs. */
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
  /**
   * The provider instance's cancel signal: once aborted (Ctrl-C), no attempt starts and every
   * pause between attempts ends at once with Interrupted.
   */
  signal?: AbortSignal;
}

/**
 * What a loop's attempts send through: a client (or the transport itself) that carries the budget
 * of the requests made through it and can be bound to one attempt, each request made through the
 * bound one then being a single send of that attempt.
 */
export interface Retried<C> {
  readonly budget: Budget;
  within(attempt: Attempt): C;
}

export interface RetryOptions extends Partial<Budget> {
  /**
   * Whether the request may be sent again after a failure that left its effect unknown (no
   * response, a gateway error): the idempotency column of whether.ts. Creates are not: createOnce
   * looks the resource up instead. Rate limiting (429) is always retried.
   */
  idempotent: boolean;
  /** Overrides the verdict "send again": createOnce also goes on after an ambiguous answer. */
  retryable?: (err: ApiError) => boolean;
}

/**
 * The one retry loop. A logical request is what one caller asked for: a read, an update, a create
 * (its POST and the lookups that settle an ambiguous answer: createOnce), one poll of an operation.
 * One loop runs per logical request and owns its attempts. It runs `attempt` until it succeeds, fails for good, or the budget is spent
 * (`policy.maxAttempts` sends, counted across attempts, within `policy.deadlineMs`). A token the
 * API refused and the source can renew is tried again at once, once per logical request.
 */
export async function withRetry<T>(
  attempt: (a: Attempt) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const rt = options.runtime ?? realRuntime;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const start = rt.now();
  let sends = 0;
  let refreshed = false;
  for (let n = 1; ; n++) {
    const current: Attempt = { n, sends };
    throwIfInterrupted(options.signal);
    try {
      return await attempt(current);
    } catch (err) {
      sends = current.sends;
      if (!(err instanceof ApiError)) throw err;
      // Sends, when the attempts sent HTTP requests (a create's lookups count); else attempts.
      const used = Math.max(n, sends);
      if (used >= policy.maxAttempts) throw err;
      const verdict = whether(err, options.idempotent ? "idempotent" : "non-idempotent");
      if (verdict === "refresh" && !refreshed) {
        refreshed = true;
        continue;
      }
      const again = options.retryable ? options.retryable(err) : verdict === "retry";
      if (!again) throw err;
      const delay = retryDelay(n, policy, rt.random(), err.retryAfterMs);
      const elapsed = rt.now() - start;
      if (elapsed + delay > policy.deadlineMs) {
        throw new DeadlineError(
          `${err.message}\nGave up after ${used} attempts in ${Math.round(elapsed / 1000)} s (retry deadline ${Math.round(policy.deadlineMs / 1000)} s).`,
          elapsed,
          err,
        );
      }
      options.onRetry?.(err, n, delay);
      await rt.sleep(delay, options.signal);
    }
  }
}

/**
 * How long a request that may not be sent twice (a create's POST) is let run after Ctrl-C: its
 * answer carries the id of what the API made, which the interrupted create records so the next run
 * resumes it; abandoned, a create whose name the API does not hold unique (a Serverless cluster)
 * would be made twice. Idempotent requests stop at once.
 */
export const CREATE_ANSWER_GRACE_MS = 2_000;

/** Connection failures that mean "nothing is there", as opposed to resets or timeouts. */
const NOTHING_THERE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** What every view of one transport shares ({@link Transport.within}): pool, hosts, counts. */
export interface TransportState {
  readonly axios: AxiosInstance;
  readonly limiters: Map<string, HostLimiter>;
  readonly rates: Map<string, AdaptiveRate>;
  /** Hosts that sent any HTTP response in this process. */
  readonly answered: Set<string>;
  /** When a never-answered host first failed to connect. */
  readonly firstRefusal: Map<string, number>;
  /** HTTP requests sent. */
  sends: number;
}

function newState(timeoutMs: number): TransportState {
  return {
    axios: axios.create({
      timeout: timeoutMs,
      validateStatus: () => true,
      httpAgent: new http.Agent({ keepAlive: true }),
      httpsAgent: new https.Agent({ keepAlive: true }),
      // Redirects would re-send the Authorization header to another host.
      maxRedirects: 0,
    }),
    limiters: new Map(),
    rates: new Map(),
    answered: new Set(),
    firstRefusal: new Map(),
    sends: 0,
  };
}

export class Transport implements Retried<Transport> {
  /** The budget and progress log of each logical request ({@link request}). */
  readonly budget: Budget;
  private readonly runtime: RetryRuntime;
  private readonly timeoutMs: number;
  /** Set on a transport bound to one attempt of an enclosing loop ({@link within}). */
  private attempt?: Attempt;

  constructor(
    private readonly options: TransportOptions,
    private readonly state: TransportState = newState(
      options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    ),
  ) {
    this.runtime = options.runtime ?? realRuntime;
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.budget = {
      policy: options.retry ?? DEFAULT_RETRY_POLICY,
      runtime: this.runtime,
      onRetry: options.onRetry,
      signal: options.signal,
    };
  }

  /** Requests sent, counting every attempt (tests assert exact numbers). */
  get attempts(): number {
    return this.state.sends;
  }

  /**
   * This transport inside one attempt of an enclosing retry loop (createOnce, the waiter): each
   * {@link request} made through it is one send of that attempt, whose loop decides what follows.
   */
  within(attempt: Attempt): Transport {
    const bound = new Transport(this.options, this.state);
    bound.attempt = attempt;
    return bound;
  }

  /**
   * One logical request: the retry loop sends `spec` up to `budget.policy.maxAttempts` times
   * (whether.ts decides each next one). Bound to an attempt ({@link within}): exactly one send.
   */
  request<T>(spec: RequestSpec<T>): Promise<T> {
    if (this.attempt) return this.send(spec, this.attempt);
    return withRetry((attempt) => this.send(spec, attempt), {
      ...this.budget,
      idempotent: spec.idempotent,
    });
  }

  /**
   * Sends `spec` exactly once, counted in `attempt`: with its HTTP Basic credentials when it
   * carries them, else with the token source's bearer token. A refused bearer token is forgotten
   * (the next send asks the source for a new one); a refusal no new token can help is final.
   */
  async send<T>(spec: RequestSpec<T>, attempt: Attempt): Promise<T> {
    const path = new URL(spec.url).pathname;
    const { auth } = this.options;
    // Every request carries a credential: none goes out in clear, whoever built its URL.
    refusePlainHttp(`${spec.method} ${path}`, spec.url, this.options.allowPlainHttp === true);
    const token = spec.basicAuth ? undefined : await auth.token();
    const authorization = spec.basicAuth ? basic(spec.basicAuth) : `Bearer ${token}`;
    const res = await this.paced(spec, () => {
      attempt.sends += 1;
      this.state.sends += 1;
      return this.exchange(spec, path, authorization);
    });
    if (res.status >= 200 && res.status < 300) return parsed(spec, path, res);
    const renewable = res.status === 401 && token !== undefined && auth.refreshable;
    if (renewable) auth.invalidate(token);
    throw statusError(res, spec, path, this.runtime.now(), res.status === 401 && !renewable);
  }

  private limiter(url: string): HostLimiter {
    const host = new URL(url).host;
    let l = this.state.limiters.get(host);
    if (!l) {
      l = new HostLimiter(this.options.maxConcurrentPerHost ?? DEFAULT_MAX_CONCURRENT_PER_HOST);
      this.state.limiters.set(host, l);
    }
    return l;
  }

  /** The learned request rate of a host (undefined when adaptive pacing is off). */
  rateOf(url: string): AdaptiveRate | undefined {
    if (this.options.adaptiveRate === false) return undefined;
    const host = new URL(url).host;
    let r = this.state.rates.get(host);
    if (!r) {
      r = new AdaptiveRate(() => this.runtime.now());
      this.state.rates.set(host, r);
    }
    return r;
  }

  /**
   * Runs `sendIt` once it holds a concurrency slot of the host and its paced send time, and (for a
   * change) the engine still runs; learns the host's rate from the answer.
   */
  private paced(
    spec: RequestSpec<unknown>,
    sendIt: () => Promise<AxiosResponse>,
  ): Promise<AxiosResponse> {
    const rate = this.rateOf(spec.url);
    // The send slot is claimed once a concurrency slot is held: a request queued before the first
    // 429 is then paced by what that 429 taught, instead of going out with a slot it claimed
    // while nothing was paced.
    // The answer is learned from while its slot is still held: the next request waiting for a
    // slot is then paced by it, instead of going out before it is read.
    const limiter = this.limiter(spec.url);
    return limiter.run(async () => {
      const wait = rate?.reserve() ?? 0;
      if (wait > 0) await this.runtime.sleep(wait, this.options.signal);
      throwIfInterrupted(this.options.signal);
      if (spec.method !== "GET") await this.options.beforeChange?.();
      const sentAt = this.runtime.now();
      const answer = await sendIt();
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
  }

  /** The one HTTP request; no answer becomes an ApiError (status 0). */
  private async exchange(
    spec: RequestSpec<unknown>,
    path: string,
    authorization: string,
  ): Promise<AxiosResponse> {
    const host = new URL(spec.url).host;
    const cancel = this.cancelOf(spec);
    try {
      const res = await this.state.axios.request({
        method: spec.method,
        url: spec.url + encodeQuery(spec.query),
        data: spec.form ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body)),
        headers: {
          authorization,
          accept: "application/json",
          ...(spec.form !== undefined || spec.body === undefined
            ? {}
            : { "content-type": "application/json" }),
        },
        signal: cancel.signal,
      });
      this.state.answered.add(host);
      return res;
    } catch (err) {
      if (this.options.signal?.aborted) throw new Interrupted();
      // No response: reset, refused, or our timeout. Keep only the code: the axios error holds the
      // request config, headers (the token) included.
      throw this.noAnswer(spec, path, host, (err as { code?: string }).code ?? "ERR_NETWORK");
    } finally {
      cancel.done();
    }
  }

  /**
   * The abort signal of one send: the instance's for an idempotent request; for one that may not
   * be sent twice, the instance's a grace later ({@link CREATE_ANSWER_GRACE_MS}).
   */
  private cancelOf(spec: RequestSpec<unknown>): { signal?: AbortSignal; done: () => void } {
    const signal = this.options.signal;
    if (!signal || spec.idempotent) return { signal, done: () => undefined };
    const late = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      timer = setTimeout(() => late.abort(), CREATE_ANSWER_GRACE_MS);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    return {
      signal: late.signal,
      done: () => {
        signal.removeEventListener("abort", onAbort);
        clearTimeout(timer);
      },
    };
  }

  /** The error of a send that got no answer; final for a host that has never answered. */
  private noAnswer(spec: RequestSpec<unknown>, path: string, host: string, code: string) {
    const timedOut = code === "ECONNABORTED" || code === "ETIMEDOUT";
    let final = false;
    let detail = "";
    if (NOTHING_THERE.has(code) && !this.state.answered.has(host)) {
      // A wrong address fails in seconds, not after the whole retry policy: nothing has ever
      // answered there in this run, so it is not an outage we could wait out.
      const now = this.runtime.now();
      const first = this.state.firstRefusal.get(host) ?? now;
      this.state.firstRefusal.set(host, first);
      final = now - first >= (this.options.unreachableGraceMs ?? 15_000);
      if (final) detail = `; nothing has answered there in ${Math.round((now - first) / 1000)} s`;
    }
    return new ApiError({
      status: 0,
      code: timedOut ? "DEADLINE_EXCEEDED" : "UNAVAILABLE",
      apiMessage: timedOut
        ? `no response within ${this.timeoutMs} ms`
        : `connection to ${host} failed (${code})${detail}`,
      method: spec.method,
      path,
      final,
      idempotent: spec.idempotent,
      cause: new Error(code),
    });
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

function statusError(
  res: AxiosResponse,
  spec: RequestSpec<unknown>,
  path: string,
  now: number,
  final: boolean,
): ApiError {
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
    method: spec.method,
    path,
    fieldViolations: violations,
    retryAfterMs: parseRetryAfter(typeof retryAfter === "string" ? retryAfter : undefined, now),
    final,
    idempotent: spec.idempotent,
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

/** A 2xx answer's body, parsed by the request's schema (unknown fields ignored). */
function parsed<T>(spec: RequestSpec<T>, path: string, res: AxiosResponse): T {
  if (!spec.schema) return undefined as T;
  const result = spec.schema.safeParse(res.data === "" ? {} : res.data);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
  throw new RedpandaError(
    `${spec.method} ${path} returned a response this package does not understand: ${issues.join("; ")}. ` +
      "The API may have changed; please report it with this message.",
  );
}

/** The `authorization` header of HTTP Basic credentials. */
function basic(credentials: { username: string; password: string }): string {
  const pair = `${credentials.username}:${credentials.password}`;
  return `Basic ${Buffer.from(pair).toString("base64")}`;
}
