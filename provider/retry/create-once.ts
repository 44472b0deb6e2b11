/**
 * Creates that are never blindly re-sent. A POST that got no answer (or a gateway error: whether.ts
 * calls both "ambiguous") may or may not have taken effect, so we look the resource up: if it is
 * there and matches what we asked for, it is ours; if it is not, sending again is safe.
 * ALREADY_EXISTS is "ours" on a match, or when this same call sent a create that got no answer (it
 * landed late); otherwise it is the user's conflict to resolve. The POST and its lookups are one
 * logical request: one retry loop (loop.ts), one attempt budget — the callbacks are given the
 * client bound to the current attempt, so each request they make through it is one send of it.
 */
import { RedpandaError, isAlreadyExists } from "../errors";
import type { Retried } from "../transport/http";
import { withRetry } from "../transport/http";
import type { RetryPolicy, RetryRuntime } from "./when";
import { whether } from "./whether";

export interface CreateOnceOptions<T, C> {
  /** What is being created, for messages: `topic "orders"`. */
  describe: string;
  /**
   * What the create and its lookups are sent through: the loop takes its budget and progress log,
   * and hands each callback the client bound to the current attempt. Without it, each request the
   * callbacks make is a logical request of its own (tests of the loop alone).
   */
  client?: Retried<C>;
  /** Sends the create, through the client it is given. */
  create: (client: C) => Promise<T>;
  /** Looks the object up, through the client it is given. */
  lookup: (client: C) => Promise<T | undefined>;
  /** Whether an existing object is the one we meant to create. */
  matches: (found: T) => boolean;
  /**
   * Other refusals that mean "something like it is already there" (e.g. one cluster per network),
   * looked up like ALREADY_EXISTS and taken when it matches; when it does not, the API's refusal
   * stands.
   */
  conflict?: (err: unknown) => boolean;
  /** The attempt budget; default the client's (docs/reliability.md, "Attempt budget"). */
  policy?: RetryPolicy;
  /** Clock, sleep and randomness; injected by tests. */
  runtime?: RetryRuntime;
}

export interface Created<T> {
  value: T;
  /** True when the object was found rather than created by this call. */
  found: boolean;
}

export async function createOnce<T, C = undefined>(
  o: CreateOnceOptions<T, C>,
): Promise<Created<T>> {
  // Whether a create sent by this call got no answer: the API may act on it after we gave up
  // waiting (an answer slower than the client's timeout), so the object may appear later.
  let sentUnanswered = false;
  // The last create's answer was ambiguous: look before sending it again.
  let lookFirst = false;
  const verdict = (err: unknown) => whether(err, "non-idempotent");
  return withRetry(
    async (attempt) => {
      const client = o.client?.within(attempt) as C;
      if (lookFirst) {
        const existing = await o.lookup(client);
        if (existing !== undefined && o.matches(existing)) return { value: existing, found: true };
        // Not there (or not ours): sending again is safe; a late landing answers ALREADY_EXISTS.
        lookFirst = false;
      }
      try {
        return { value: await o.create(client), found: false };
      } catch (err) {
        if (verdict(err) === "ambiguous") {
          sentUnanswered = true;
          lookFirst = true;
          throw err;
        }
        if (!isAlreadyExists(err) && o.conflict?.(err) !== true) throw err;
        const existing = await o.lookup(client);
        if (existing !== undefined && o.matches(existing)) return { value: existing, found: true };
        // Our own unanswered create, landed late: the same body, so ours even where it cannot be
        // compared (a user's password).
        if (existing !== undefined && isAlreadyExists(err) && sentUnanswered)
          return { value: existing, found: true };
        if (isAlreadyExists(err)) {
          throw new RedpandaError(
            `${o.describe} already exists and does not match this resource's inputs. ` +
              "Choose another name, or take it over by setting the resource's adoptId input to its " +
              'id or name (README "Adopting existing resources").',
            { cause: err },
          );
        }
        // A conflict that is not ours: the API's refusal stands.
        throw err;
      }
    },
    {
      idempotent: false,
      // One loop for the POST and its lookups, in one budget: a 429 is sent again, an ambiguous
      // answer is looked up before it is, a lookup's transient failure is looked up again.
      retryable: (err) => ["retry", "ambiguous"].includes(verdict(err)),
      policy: o.policy ?? o.client?.budget.policy,
      runtime: o.runtime ?? o.client?.budget.runtime,
      onRetry: o.client?.budget.onRetry,
    },
  );
}
