/**
 * Provider settings, read at run time inside the provider process: from the stack config
 * namespace `redpanda` (delivered by the dynamic provider's `configure()`), else from environment
 * variables. Never captured in serialized code, never logged.
 */
import { ClientCredentialsToken, StaticToken } from "./auth";
import type { TokenSource } from "./auth";
import { DEFAULT_API_URL } from "./controlplane";
import { ControlPlaneClient } from "./controlplane";
import { DataPlaneClient } from "./dataplane";
import { normalizeApiUrl } from "./endpoint";
import { PlainHttpRefused, plainHttpAllowed, plainHttpProblem } from "./plain-http";
import { FileTokenStore, defaultTokenCachePath, tokenCacheDisabled } from "./token-cache";
import { RedpandaError } from "../errors";
import { Transport } from "./http";
import { DEFAULT_MAX_CONCURRENT_PER_HOST } from "../retry/when";
import type { ApiError } from "../errors";
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_RETRY_POLICY } from "../retry/when";

export const DEFAULT_AUTH_URL = "https://auth.prd.cloud.redpanda.com/oauth/token";
export const DEFAULT_AUDIENCE = "cloudv2-production.redpanda.cloud";

export interface ProviderSettings {
  apiUrl: string;
  accessToken?: string;
  clientId?: string;
  clientSecret?: string;
  authUrl: string;
  audience: string;
  /** Per-request timeout in milliseconds. */
  requestTimeoutMs: number;
  /**
   * How long one logical request (a read, a write, a create with its lookups) is retried, in
   * milliseconds, from its first send: the deadline of its attempt budget (docs/reliability.md);
   * undefined: the default, 120 s.
   */
  requestDeadlineMs?: number;
  /** Concurrent requests per API host. */
  maxConcurrentPerHost: number;
  /** Pace requests per host by its quota header and 429 answers (`false` turns it off). */
  adaptiveRate: boolean;
  /**
   * Send credentials over plain HTTP to hosts that are not loopback (plain-http.ts). From the
   * environment only (REDPANDA_ALLOW_PLAIN_HTTP), never stack config: a stack's settings, kept in
   * a repository, cannot turn TLS off for whoever runs it.
   */
  allowPlainHttp: boolean;
}

/** Looks a key up in the `redpanda` config namespace; undefined when unset. */
export type ConfigLookup = (key: string) => string | undefined;

/** The environment variable each setting falls back to (the plugin schema names them too). */
export const SETTINGS_ENV: Record<string, string> = {
  apiUrl: "REDPANDA_API_URL",
  accessToken: "REDPANDA_ACCESS_TOKEN",
  clientId: "REDPANDA_CLIENT_ID",
  clientSecret: "REDPANDA_CLIENT_SECRET",
  authUrl: "REDPANDA_AUTH_URL",
  audience: "REDPANDA_AUDIENCE",
  requestTimeoutMs: "REDPANDA_REQUEST_TIMEOUT_MS",
  requestDeadlineSeconds: "REDPANDA_REQUEST_DEADLINE_SECONDS",
  maxConcurrentPerHost: "REDPANDA_MAX_CONCURRENT_REQUESTS",
  adaptiveRate: "REDPANDA_ADAPTIVE_RATE",
};

export function resolveSettings(
  config: ConfigLookup,
  env: NodeJS.ProcessEnv = process.env,
): ProviderSettings {
  const get = (key: string): string | undefined => {
    const fromConfig = config(key);
    if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
    const envName = SETTINGS_ENV[key];
    const fromEnv = envName ? env[envName] : undefined;
    return fromEnv === "" ? undefined : fromEnv;
  };
  const positive = (key: string, fallback: number): number => {
    const raw = get(key);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) {
      throw new RedpandaError(`redpanda:${key} must be a positive number, got "${raw}".`);
    }
    return n;
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const raw = get(key)?.trim().toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === "true" || raw === "1") return true;
    if (raw === "false" || raw === "0") return false;
    throw new RedpandaError(`redpanda:${key} must be true or false, got "${raw}".`);
  };
  const settings: ProviderSettings = {
    apiUrl: get("apiUrl") ?? DEFAULT_API_URL,
    accessToken: get("accessToken"),
    clientId: get("clientId"),
    clientSecret: get("clientSecret"),
    authUrl: get("authUrl") ?? DEFAULT_AUTH_URL,
    audience: get("audience") ?? DEFAULT_AUDIENCE,
    requestTimeoutMs: positive("requestTimeoutMs", DEFAULT_REQUEST_TIMEOUT_MS),
    requestDeadlineMs:
      get("requestDeadlineSeconds") === undefined
        ? undefined
        : positive("requestDeadlineSeconds", 0) * 1000,
    maxConcurrentPerHost: positive("maxConcurrentPerHost", DEFAULT_MAX_CONCURRENT_PER_HOST),
    adaptiveRate: flag("adaptiveRate", true),
    allowPlainHttp: plainHttpAllowed(env),
  };
  refuseInClear(settings);
  return settings;
}

/**
 * Refuses settings that would send a credential over plain HTTP off this machine (plain-http.ts),
 * naming the setting: the API URL carries the token; the token endpoint, the client secret, when
 * the client credentials are what is used (an access token wins over them).
 */
function refuseInClear(s: ProviderSettings): void {
  const setting = (key: string) => `redpanda:${key} (${SETTINGS_ENV[key]})`;
  const clientCredentials = !s.accessToken && !!s.clientId && !!s.clientSecret;
  const problem =
    plainHttpProblem(setting("apiUrl"), s.apiUrl, "the API token", s.allowPlainHttp) ??
    (clientCredentials
      ? plainHttpProblem(setting("authUrl"), s.authUrl, "the client secret", s.allowPlainHttp)
      : undefined);
  if (problem) throw new PlainHttpRefused(problem);
}

export function tokenSourceFor(s: ProviderSettings): TokenSource {
  if (s.accessToken) return new StaticToken(s.accessToken);
  if (s.clientId && s.clientSecret) {
    return new ClientCredentialsToken({
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      authUrl: s.authUrl,
      audience: s.audience,
      timeoutMs: s.requestTimeoutMs,
      allowPlainHttp: s.allowPlainHttp,
      store: tokenCacheDisabled() ? undefined : new FileTokenStore(defaultTokenCachePath()),
    });
  }
  throw new RedpandaError(
    "No Redpanda Cloud credentials: set redpanda:accessToken, or redpanda:clientId and redpanda:clientSecret " +
      "(`pulumi config set --secret redpanda:clientSecret ...`), or the environment variables " +
      "REDPANDA_ACCESS_TOKEN / REDPANDA_CLIENT_ID and REDPANDA_CLIENT_SECRET.",
  );
}

/**
 * One transport (token cache, connection pool, per-host limits) shared by every client; a cluster's
 * Schema Registry clients are built on it by their kinds (kinds/schema/api.ts `schemaRegistryAt`).
 */
export class Clients {
  readonly transport: Transport;
  readonly controlPlane: ControlPlaneClient;
  private readonly dataPlanes = new Map<string, DataPlaneClient>();
  /** The same clients by the URL text they were asked for. */
  private readonly dataPlaneByText = new Map<string, DataPlaneClient>();

  constructor(
    readonly settings: ProviderSettings,
    onRetry?: (err: ApiError, attempt: number, delayMs: number) => void,
    beforeChange?: () => Promise<void>,
    /** The provider instance's cancel signal: Ctrl-C stops every request and wait under way. */
    signal?: AbortSignal,
  ) {
    this.transport = new Transport({
      auth: tokenSourceFor(settings),
      requestTimeoutMs: settings.requestTimeoutMs,
      retry: {
        ...DEFAULT_RETRY_POLICY,
        deadlineMs: settings.requestDeadlineMs ?? DEFAULT_RETRY_POLICY.deadlineMs,
      },
      maxConcurrentPerHost: settings.maxConcurrentPerHost,
      adaptiveRate: settings.adaptiveRate,
      allowPlainHttp: settings.allowPlainHttp,
      onRetry,
      beforeChange,
      signal,
    });
    this.controlPlane = new ControlPlaneClient(this.transport, settings.apiUrl);
  }

  /**
   * A cluster's data plane at the normalized form of its URL: every form of one address shares
   * one client (and its shared lists), and `host:443` is sent to `https://host`.
   */
  dataPlane(url: string): DataPlaneClient {
    // Each resource names its cluster's URL, the same text many times: normalized once.
    const known = this.dataPlaneByText.get(url);
    if (known) return known;
    const base = normalizeApiUrl(url);
    let c = this.dataPlanes.get(base);
    if (!c) {
      c = new DataPlaneClient(this.transport, base);
      this.dataPlanes.set(base, c);
    }
    this.dataPlaneByText.set(url, c);
    return c;
  }
}
