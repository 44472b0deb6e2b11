/**
 * One small error family for everything the package reports, at the bottom of its layers: the
 * transport makes them, the retry loop classifies them (retry/whether.ts), the lifecycle and the
 * kinds throw them; this file imports nothing. Classification uses the HTTP status and the API's
 * `code`, never the message text. Messages name what failed and what to do, and never carry a
 * token or secret: request details are copied with credentials redacted.
 */

/** Fields of a google.rpc.BadRequest detail: which input was wrong and why. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** Base class: every error this package throws on purpose. */
export class RedpandaError extends Error {
  override readonly name: string = "RedpandaError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface ApiErrorInit {
  /** HTTP status, or 0 when no response arrived (connection reset, timeout). */
  status: number;
  /** The API's google.rpc code name, e.g. `NOT_FOUND`; `UNAVAILABLE` for transport failures. */
  code: string;
  /** ErrorInfo reason, e.g. `REASON_CLUSTER_NOT_FOUND`. */
  reason?: string;
  /** The API's own message. */
  apiMessage: string;
  method: string;
  /** Request path without query secrets. */
  path: string;
  fieldViolations?: FieldViolation[];
  /** Milliseconds the server asked us to wait (Retry-After). */
  retryAfterMs?: number;
  /**
   * Another attempt cannot help: an address that has never answered, or a refused credential that
   * cannot be renewed (a static token, HTTP Basic). Not transient.
   */
  final?: boolean;
  /**
   * Whether the request that failed may be sent twice with the effect of once (GET, PUT, DELETE);
   * set by the transport, read by the retry table (retry/whether.ts). Undefined for errors made
   * elsewhere.
   */
  idempotent?: boolean;
  cause?: unknown;
}

/** A request the API refused, or one that got no answer. */
export class ApiError extends RedpandaError {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly reason?: string;
  readonly apiMessage: string;
  readonly method: string;
  readonly path: string;
  readonly fieldViolations: FieldViolation[];
  readonly retryAfterMs?: number;
  readonly final: boolean;
  readonly idempotent?: boolean;

  constructor(init: ApiErrorInit) {
    super(ApiError.describe(init), { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason;
    this.apiMessage = init.apiMessage;
    this.method = init.method;
    this.path = redactPath(init.path);
    this.fieldViolations = init.fieldViolations ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.final = init.final ?? false;
    this.idempotent = init.idempotent;
  }

  private static describe(init: ApiErrorInit): string {
    const where = `${init.method} ${redactPath(init.path)}`;
    const status = init.status ? `HTTP ${init.status} ${init.code}` : init.code;
    const reason = init.reason ? ` (${init.reason})` : "";
    const fields = (init.fieldViolations ?? [])
      .map((v) => `\n  - ${v.field}: ${v.description}`)
      .join("");
    return `${where} failed: ${status}${reason}: ${redactText(init.apiMessage)}${fields}${hint(init)}`;
  }
}

/** A long-running operation or state wait that ended in failure. */
export class OperationError extends RedpandaError {
  override readonly name = "OperationError";
  constructor(
    message: string,
    readonly operationId: string | undefined,
    readonly resourceId: string | undefined,
    readonly code?: string,
  ) {
    super(redactText(message));
  }
}

/** Our own deadline passed (operation wait, retries, or an external command). */
export class DeadlineError extends RedpandaError {
  override readonly name = "DeadlineError";
  constructor(
    message: string,
    readonly waitedMs: number,
    /** The retried request's last failure, when the retry deadline ended it. */
    readonly lastError?: ApiError,
  ) {
    super(message);
  }
}

/**
 * A create the API accepted whose resource did not become ready, or whose wait was interrupted:
 * the engine records `id` with `properties` (what is known) and `reasons`, and its next `up` sends
 * an Update that resumes waiting (Pulumi's `ErrorResourceInitFailed`; the dynamic providers' host
 * reads these same fields).
 */
export class ResourceInitFailed extends RedpandaError {
  override readonly name = "ResourceInitFailed";
  /** What the engine shows: the whole story, as the message. */
  readonly reasons: string[];
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    options?: { cause?: unknown },
    /** The properties to send as secrets (the plugin's wire marks them). */
    readonly secrets: ReadonlySet<string> = new Set(),
  ) {
    super(message, options);
    this.reasons = [message];
  }

  /** The same failure with other properties and secrets (the plugin restores `timeouts`). */
  withProperties(
    properties: Record<string, unknown>,
    secrets: ReadonlySet<string>,
  ): ResourceInitFailed {
    return new ResourceInitFailed(
      this.message,
      this.id,
      properties,
      { cause: this.cause },
      secrets,
    );
  }
}

/**
 * The run was cancelled (Ctrl-C: the engine's Cancel to the plugin, SIGINT or SIGTERM to a dynamic
 * provider's process): every wait, retry pause and request under way stops with this error, at
 * once. Never retried.
 */
export class Interrupted extends RedpandaError {
  override readonly name = "Interrupted";
  constructor(message = "interrupted: the run was cancelled (Ctrl-C)") {
    super(message);
  }
}

/** Throws {@link Interrupted} when `signal` is aborted. */
export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason instanceof Interrupted ? signal.reason : new Interrupted();
}

function hint(init: ApiErrorInit): string {
  switch (init.status) {
    case 401:
      return "\nCheck the credentials: set redpanda:accessToken, or redpanda:clientId and redpanda:clientSecret (or REDPANDA_ACCESS_TOKEN / REDPANDA_CLIENT_ID / REDPANDA_CLIENT_SECRET).";
    case 403:
      return "\nThe account lacks a role for this change: grant it Writer or Admin on the scope with a role binding.";
    case 429:
      return "\nThe API is rate-limiting this organization; the request was retried until the deadline. Lower --parallel or retry later.";
    default:
      return init.status === 0
        ? "\nThe API could not be reached; check redpanda:apiUrl (a data-plane resource: its dataplaneApiUrl) and the network."
        : "";
  }
}

const TOKENISH = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PARAMS = /([?&](?:access_token|token|client_secret|password)=)[^&]*/gi;

/** Removes bearer tokens from free text (an API message may echo a header). */
export function redactText(text: string): string {
  return text.replace(TOKENISH, "$1[REDACTED]");
}

/** Removes credential-like query parameters from a path. */
export function redactPath(path: string): string {
  return path.replace(SECRET_PARAMS, "$1[REDACTED]");
}

const is =
  (...codes: string[]) =>
  (err: unknown): err is ApiError =>
    err instanceof ApiError && codes.includes(err.code);

export const isNotFound = is("NOT_FOUND");
export const isAlreadyExists = is("ALREADY_EXISTS");
export const isPermissionDenied = is("PERMISSION_DENIED");
export const isUnauthenticated = is("UNAUTHENTICATED");
export const isInvalidArgument = is("INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE");
export const isRateLimited = is("RESOURCE_EXHAUSTED");
