/**
 * Where bearer tokens come from: a static access token, or OAuth2 client credentials exchanged at
 * the token endpoint. Issued tokens are cached in memory and, with a store, on disk across runs
 * (token-cache.ts); refreshed a minute before expiry, and requested by one caller at a time
 * (concurrent callers share the request in flight).
 */
import axios from "axios";
import { RedpandaError, redactText } from "../errors";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "../retry/when";
import { refusePlainHttp } from "./plain-http";
import type { TokenStore } from "./token-cache";
import { tokenKey } from "./token-cache";

export interface TokenSource {
  token(): Promise<string>;
  /** The API refused this token (401): forget it so the next call fetches a new one. */
  invalidate(token: string): void;
  /** Whether invalidating can help (a static token cannot be refreshed). */
  readonly refreshable: boolean;
}

export class StaticToken implements TokenSource {
  readonly refreshable = false;
  constructor(private readonly value: string) {}
  async token(): Promise<string> {
    return this.value;
  }
  invalidate(): void {}
}

export interface ClientCredentialsOptions {
  clientId: string;
  clientSecret: string;
  /** Token endpoint; the vendor's is https://auth.prd.cloud.redpanda.com/oauth/token. */
  authUrl: string;
  audience: string;
  /** Per-request timeout in milliseconds; default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
  now?: () => number;
  /** Where tokens outlive the process; in memory only when omitted. */
  store?: TokenStore;
  /** Send the secret over plain HTTP to a host that is not loopback (plain-http.ts). */
  allowPlainHttp?: boolean;
}

/** Refresh this long before the token expires, so no request carries an expiring token. */
const REFRESH_MARGIN_MS = 60_000;

export class ClientCredentialsToken implements TokenSource {
  readonly refreshable = true;
  private cached?: { value: string; expiresAt: number };
  private inFlight?: Promise<string>;
  /** How many tokens were requested from the endpoint (tests and diagnostics). */
  requests = 0;

  constructor(private readonly options: ClientCredentialsOptions) {}

  private get key(): string {
    const o = this.options;
    return tokenKey(o.authUrl, o.audience, o.clientId);
  }

  async token(): Promise<string> {
    const now = (this.options.now ?? Date.now)();
    const usable = (t?: { expiresAt: number }) =>
      t !== undefined && now < t.expiresAt - REFRESH_MARGIN_MS;
    const cached = this.cached;
    if (cached && usable(cached)) return cached.value;
    // An earlier run's token, still good for more than the margin: no request to the issuer.
    const stored = this.options.store?.get(this.key);
    if (stored && usable(stored)) {
      this.cached = stored;
      return stored.value;
    }
    this.inFlight ??= this.fetch().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = undefined;
    // A refused token must not be handed to the next run either.
    this.options.store?.drop(this.key, token);
  }

  private async fetch(): Promise<string> {
    const o = this.options;
    // The form carries the client secret: never in clear, whatever the settings let through.
    refusePlainHttp("The token request", o.authUrl, o.allowPlainHttp === true);
    this.requests += 1;
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: o.clientId,
      client_secret: o.clientSecret,
      audience: o.audience,
    });
    let res;
    try {
      res = await axios.post(o.authUrl, form.toString(), {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        timeout: o.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        validateStatus: () => true,
      });
    } catch (err) {
      // Only the transport's code travels on: the axios error holds the request with the secret.
      const code = (err as { code?: string }).code ?? "network error";
      throw new RedpandaError(
        `Could not reach the token endpoint ${o.authUrl} (${code}). Check redpanda:authUrl.`,
      );
    }
    const body = (res.data ?? {}) as Record<string, unknown>;
    if (res.status !== 200 || typeof body.access_token !== "string") {
      const what = [body.error, body.error_description]
        .filter((x) => typeof x === "string")
        .join(": ");
      throw new RedpandaError(
        `The token endpoint ${o.authUrl} refused client ${o.clientId}: HTTP ${res.status}${what ? ` ${redactText(what)}` : ""}. ` +
          "Check redpanda:clientId and redpanda:clientSecret (or REDPANDA_CLIENT_ID / REDPANDA_CLIENT_SECRET).",
      );
    }
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : 3600;
    this.cached = { value: body.access_token, expiresAt: (o.now ?? Date.now)() + expiresIn * 1000 };
    o.store?.put(this.key, this.cached);
    return body.access_token;
  }
}
