/**
 * What the lookups share (provider/kinds/<kind>/lookups.ts, provider/lookups/operation.ts): the
 * key of an object looked up by id or by name, and the shape of a lookup as the plugin serves it
 * (generated into provider/kinds/registry.ts `LOOKUPS` from each lookup's TypeScript signature by
 * scripts/codegen/lookup-types.ts).
 */
import { RedpandaError } from "../transport/errors";

/** Which object a lookup reads: by id, or by its exact name (which must be unique). */
export type LookupKey = string | { id: string } | { name: string };

/**
 * The id a key names: the id itself, or the one object whose name is exactly `name` among those
 * `list` returns. None, or more than one, is an error that says which.
 */
export async function idOf(
  what: string,
  key: LookupKey,
  list: (name: string) => Promise<{ id: string; name: string }[]>,
): Promise<string> {
  if (typeof key === "string") return key;
  if ("id" in key) return key.id;
  const named = (await list(key.name)).filter((o) => o.name === key.name);
  if (named.length === 1) return named[0]!.id;
  if (named.length === 0) throw new RedpandaError(`no ${what} is named "${key.name}"`);
  throw new RedpandaError(
    `${named.length} ${what}s are named "${key.name}" (${named.map((o) => o.id).join(", ")}); look it up by id`,
  );
}

/**
 * How a lookup's function arguments reach it: none; a {@link LookupKey} (the inputs `id` and
 * `name`, one of which is given); one id string (the input of the parameter's name); or an object
 * whose members are the inputs.
 */
export type LookupArgument = "none" | "key" | "id" | "object";

/** A lookup as the plugin's Invoke calls it. */
export interface LookupCall {
  /** The lookup itself (the package's export of the same name). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each lookup has its own signature
  call: (...args: any[]) => unknown;
  argument: LookupArgument;
  /** The inputs, in the signature's order. */
  args: readonly string[];
  /** The inputs that must be given: a call without one is refused before any API call. */
  required: readonly string[];
  /** Whether it returns a list (the function's output `items`). */
  list: boolean;
}
