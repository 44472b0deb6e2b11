/**
 * Write-only inputs (a password, a secret's value; `Field.writeOnly`) are optional so that an
 * imported resource keeps the server's value; what needs one gets a clear error, before any API
 * call, instead of sending an empty secret.
 */
import { RedpandaError } from "../errors";

/** `value`, or an error saying that `what` needs it: `user app: a new user needs its password`. */
export function required<T>(
  value: T | undefined,
  label: string,
  what: string,
  input = "password",
): T {
  if (value === undefined) {
    throw new RedpandaError(
      `${label}: ${what} needs its ${input}, which the API never returns: set ${input} in the program`,
    );
  }
  return value;
}
