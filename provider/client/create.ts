/**
 * Creates that are never blindly re-sent. A POST that got no answer (or a gateway error) may or
 * may not have taken effect, so we look the resource up: if it is there and matches what we asked
 * for, it is ours; if it is not, sending again is safe. ALREADY_EXISTS is "ours" on a match, or
 * when this same call sent a create that got no answer (it landed late); otherwise it is the
 * user's conflict to resolve.
 */
import { ApiError, RedpandaError, isAlreadyExists, isTransient } from "../transport/errors";
import type { RetryPolicy, RetryRuntime } from "./retry";
import { withRetry } from "./retry";

export interface CreateOnceOptions<T> {
  /** What is being created, for messages: `topic "orders"`. */
  describe: string;
  create: () => Promise<T>;
  lookup: () => Promise<T | undefined>;
  /** Whether an existing object is the one we meant to create. */
  matches: (found: T) => boolean;
  /**
   * Other refusals that mean "something like it is already there" (e.g. one cluster per network),
   * looked up like ALREADY_EXISTS and taken when it matches; when it does not, the API's refusal
   * stands.
   */
  conflict?: (err: unknown) => boolean;
  policy?: RetryPolicy;
  runtime?: RetryRuntime;
}

export interface Created<T> {
  value: T;
  /** True when the object was found rather than created by this call. */
  found: boolean;
}

export async function createOnce<T>(o: CreateOnceOptions<T>): Promise<Created<T>> {
  // Whether a create sent by this call got no answer: the API may act on it after we gave up
  // waiting (an answer slower than the client's timeout), so the object may appear later.
  let sentUnanswered = false;
  return withRetry(
    async () => {
      try {
        return { value: await o.create(), found: false };
      } catch (err) {
        const ambiguous = err instanceof ApiError && isTransient(err) && err.status !== 429;
        const alreadyExists = isAlreadyExists(err);
        if (!ambiguous && !alreadyExists && o.conflict?.(err) !== true) throw err;
        const existing = await o.lookup();
        if (existing !== undefined && o.matches(existing)) return { value: existing, found: true };
        // Our own unanswered create, landed late: the same body, so ours even where it cannot be
        // compared (a user's password).
        if (existing !== undefined && alreadyExists && sentUnanswered)
          return { value: existing, found: true };
        if (ambiguous) sentUnanswered = true;
        if (alreadyExists) {
          throw new RedpandaError(
            `${o.describe} already exists and does not match this resource's inputs. ` +
              "Choose another name, or take it over by setting the resource's adoptId input to its " +
              'id or name (README "Adopting existing resources").',
            { cause: err },
          );
        }
        // Not there: an ambiguous create did not land, so sending it again (after backoff) is
        // safe; any other refusal is not transient and stands as the API gave it.
        throw err;
      }
    },
    { idempotent: true, policy: o.policy, runtime: o.runtime },
  );
}
