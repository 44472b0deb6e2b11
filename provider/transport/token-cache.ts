/**
 * Client-credentials tokens kept on disk across runs. The vendor's token issuer limits how many
 * tokens an organization may be issued a day (Terraform's provider caches them for that reason,
 * commit 85e5a69); every `pulumi` run starts a new provider process, so an in-memory cache alone
 * asks for a new token on each run.
 *
 * One JSON file, mode 0600 in a 0700 directory, keyed by token endpoint, audience and client id.
 * It holds the access token and its expiry only, never the client secret. Written whole through a
 * temporary file and a rename, so a reader never sees half a file. Any failure to read or write it
 * is ignored: the cache saves requests, it is never needed for one to succeed.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Set to `1` or `true` to keep tokens in memory only. */
export const TOKEN_CACHE_DISABLE_ENV = "REDPANDA_TOKEN_CACHE_DISABLE";

export interface CachedToken {
  value: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface TokenStore {
  get(key: string): CachedToken | undefined;
  put(key: string, token: CachedToken): void;
  /** Forgets the entry if it still holds this token (the API refused it). */
  drop(key: string, value: string): void;
}

/** What identifies a token: who issued it, for which audience, to which client. */
export function tokenKey(authUrl: string, audience: string, clientId: string): string {
  return `${authUrl} ${audience} ${clientId}`;
}

/**
 * The per-user cache directory: `$XDG_CACHE_HOME` (else `~/.cache`) on Linux, `~/Library/Caches`
 * on macOS, `%LOCALAPPDATA%` on Windows; then `pulumi-redpanda-cloud/tokens.json` inside it.
 */
export function defaultTokenCachePath(env: NodeJS.ProcessEnv = process.env): string {
  const home = os.homedir();
  const base =
    process.platform === "win32"
      ? (env.LOCALAPPDATA ?? path.join(home, "AppData", "Local"))
      : process.platform === "darwin"
        ? path.join(home, "Library", "Caches")
        : env.XDG_CACHE_HOME || path.join(home, ".cache");
  return path.join(base, "pulumi-redpanda-cloud", "tokens.json");
}

export function tokenCacheDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env[TOKEN_CACHE_DISABLE_ENV]?.trim().toLowerCase();
  return v === "1" || v === "true";
}

type Entries = Record<string, CachedToken>;

export class FileTokenStore implements TokenStore {
  constructor(
    readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedToken | undefined {
    const e = this.read()[key];
    return e && typeof e.value === "string" && typeof e.expiresAt === "number" ? e : undefined;
  }

  put(key: string, token: CachedToken): void {
    const entries = this.read();
    entries[key] = { value: token.value, expiresAt: token.expiresAt };
    this.write(entries);
  }

  drop(key: string, value: string): void {
    const entries = this.read();
    if (entries[key]?.value !== value) return;
    delete entries[key];
    this.write(entries);
  }

  private read(): Entries {
    try {
      const parsed = JSON.parse(fs.readFileSync(this.file, "utf8")) as { tokens?: unknown };
      const tokens = parsed.tokens;
      return tokens && typeof tokens === "object" ? { ...(tokens as Entries) } : {};
    } catch {
      return {};
    }
  }

  private write(entries: Entries): void {
    const now = this.now();
    // Expired entries go: the file holds only what can still be used.
    const live = Object.fromEntries(Object.entries(entries).filter(([, e]) => e.expiresAt > now));
    const tmp = `${this.file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(tmp, `${JSON.stringify({ version: 1, tokens: live }, null, 2)}\n`, {
        mode: 0o600,
      });
      fs.renameSync(tmp, this.file);
    } catch {
      fs.rmSync(tmp, { force: true });
    }
  }
}
