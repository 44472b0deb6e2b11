/**
 * Bearer tokens: the static `--token` values, and tokens this emulator issues to service-account
 * credentials at its OAuth2 client-credentials endpoint. Issued tokens live in memory only, so a
 * restarted emulator answers 401 to old ones, as a real token expiry would.
 */
import { randomBytes } from "node:crypto";
import { ApiError } from "./errors";
import type { World } from "./domain/records";

export interface Principal {
  kind: "static" | "service-account";
  accountId?: string;
}

export class TokenRegistry {
  private readonly issued = new Map<string, { accountId: string; expiresAt: number }>();

  constructor(
    readonly staticTokens: readonly string[],
    private readonly tokenTtlSeconds: number,
  ) {}

  issue(accountId: string, now: number): { access_token: string; expires_in: number } {
    const token = `rpe_${randomBytes(24).toString("base64url")}`;
    this.issued.set(token, { accountId, expiresAt: now + this.tokenTtlSeconds * 1000 });
    return { access_token: token, expires_in: this.tokenTtlSeconds };
  }

  /** Forgets every issued token (tests of the 401 → refresh path). */
  revokeIssued(): void {
    this.issued.clear();
  }

  /** The caller behind an Authorization header, or the vendor's 401. */
  authenticate(header: string | undefined, now: number): Principal {
    const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
    if (!match) {
      throw new ApiError(
        "UNAUTHENTICATED",
        "Bearer token is not present",
        "REASON_NO_TOKEN",
        [],
        [HELP],
      );
    }
    const token = (match[1] as string).trim();
    if (this.staticTokens.includes(token)) return { kind: "static" };
    const entry = this.issued.get(token);
    if (!entry)
      throw new ApiError(
        "UNAUTHENTICATED",
        "Bearer token is invalid",
        "REASON_TOKEN_INVALID",
        [],
        [HELP],
      );
    if (now >= entry.expiresAt) {
      this.issued.delete(token);
      throw new ApiError(
        "UNAUTHENTICATED",
        "Bearer token has expired",
        "REASON_TOKEN_EXPIRED",
        [],
        [HELP],
      );
    }
    return { kind: "service-account", accountId: entry.accountId };
  }

  /** Writes need Writer or Admin: an account whose bindings grant only Reader gets 403. */
  authorizeWrite(principal: Principal, world: World): void {
    if (principal.kind !== "service-account") return;
    const roles = Object.values(world.roleBindings)
      .filter((rb) => rb.account_id === principal.accountId)
      .map((rb) => rb.role_name);
    // A service account without bindings holds Admin on the organization (api-spec.md §2).
    if (roles.length > 0 && roles.every((r) => r === "Reader")) {
      throw new ApiError(
        "PERMISSION_DENIED",
        `account ${principal.accountId} has only the Reader role and cannot make changes`,
        "REASON_PERMISSION_DENIED",
      );
    }
  }
}

const HELP = {
  "@type": "type.googleapis.com/google.rpc.Help",
  links: [{ description: "Request a token", url: "https://cloud.redpanda.com/clients" }],
};
