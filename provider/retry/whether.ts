/**
 * *Whether* a failed request is sent again: one table, error class × idempotency → verdict. Every
 * retry decision in the package reads it (the retry loop, createOnce, the operation waiter, the
 * transport's token refresh); *when* and *how often* are when.ts and the attempt budget in loop.ts.
 * Classification uses the HTTP status and the API's code, never the message text.
 */
import { ApiError } from "../errors";

/** Whether sending the request twice has the effect of sending it once (GET, PUT, DELETE). */
export type Idempotency = "idempotent" | "non-idempotent";

/**
 * - `retry`: send it again (after the wait when.ts gives).
 * - `ambiguous`: the request may or may not have taken effect; it must not be sent blindly. A
 *   create looks the object up first (createOnce); anything else gives up.
 * - `refresh`: the token was refused and can be renewed: send once more at once, with a new one.
 * - `give-up`: another attempt cannot help; the error stands.
 */
export type Verdict = "retry" | "ambiguous" | "refresh" | "give-up";

/** What kind of failure an error is, for the table. */
export type ErrorClass =
  | "rate-limited"
  | "unavailable"
  | "no-answer"
  | "unreachable"
  | "unauthenticated"
  | "refused"
  | "not-an-api-error";

/**
 * The table. Rows: what happened; columns: the request's idempotency.
 *
 * | Error class        | What it is                                          | idempotent | non-idempotent |
 * | ------------------ | --------------------------------------------------- | ---------- | -------------- |
 * | rate-limited       | HTTP 429: the server did not act on it               | retry      | retry          |
 * | unavailable        | HTTP 502, 503, 504: a gateway may have passed it on  | retry      | ambiguous      |
 * | no-answer          | reset, timeout, refused by a host that has answered  | retry      | ambiguous      |
 * | unreachable        | refused or unresolvable, never answered, grace spent | give-up    | give-up        |
 * | unauthenticated    | HTTP 401 with a token that can be renewed            | refresh    | refresh        |
 * | refused            | any other HTTP error (400, 403, 404, 409, 500, a 401 | give-up    | give-up        |
 * |                    | of a static token or HTTP Basic credentials, ...)    |            |                |
 * | not-an-api-error   | a bug, a parse failure, a token endpoint's refusal   | give-up    | give-up        |
 */
export const WHETHER: Readonly<Record<ErrorClass, Readonly<Record<Idempotency, Verdict>>>> = {
  "rate-limited": { idempotent: "retry", "non-idempotent": "retry" },
  unavailable: { idempotent: "retry", "non-idempotent": "ambiguous" },
  "no-answer": { idempotent: "retry", "non-idempotent": "ambiguous" },
  unreachable: { idempotent: "give-up", "non-idempotent": "give-up" },
  unauthenticated: { idempotent: "refresh", "non-idempotent": "refresh" },
  refused: { idempotent: "give-up", "non-idempotent": "give-up" },
  "not-an-api-error": { idempotent: "give-up", "non-idempotent": "give-up" },
};

/** The row of the table an error falls in. */
export function classify(err: unknown): ErrorClass {
  if (!(err instanceof ApiError)) return "not-an-api-error";
  // `final` (the transport's word that another attempt cannot help): a host that has never
  // answered, past its grace; a refused token that cannot be renewed.
  if (err.status === 0) return err.final ? "unreachable" : "no-answer";
  if (err.status === 429) return "rate-limited";
  if (err.status === 502 || err.status === 503 || err.status === 504) return "unavailable";
  if (err.status === 401) return err.final ? "refused" : "unauthenticated";
  return "refused";
}

/**
 * The verdict for a failure. `assumed` is the idempotency of a request whose error was made
 * outside the transport (a test's scripted error); the transport's own record on the error wins.
 */
export function whether(err: unknown, assumed: Idempotency): Verdict {
  const sent = err instanceof ApiError ? err.idempotent : undefined;
  const idempotency = sent === undefined ? assumed : sent ? "idempotent" : "non-idempotent";
  return WHETHER[classify(err)][idempotency];
}

/**
 * Worth another attempt: rate limiting, a gateway or availability error, or no response at all —
 * the table's "retry" verdict for an idempotent request (public, for callers' own loops).
 */
export function isTransient(err: unknown): boolean {
  return WHETHER[classify(err)].idempotent === "retry";
}
