/**
 * The lookups as the plugin's functions, `redpandacloud:index:<name>`: an `Invoke`'s arguments
 * mapped onto the lookup's one parameter as its generated `LookupCall` says (derived from the
 * lookup's TypeScript signature by `npm run codegen`, the same derivation as the schema's
 * function inputs). A required argument left out is refused here, by name, before any API call. A
 * lookup that returns a list answers `{ items: [...] }` (a function returns an object).
 */
import type { CallContext, LookupCall } from "./registry-bridge";
import { LOOKUPS, RedpandaError } from "./registry-bridge";

/** A lookup's one parameter from a function's arguments. */
function parameterOf(name: string, l: LookupCall, args: Record<string, unknown>): unknown[] {
  const given = (a: string) => args[a] !== undefined && args[a] !== null && args[a] !== "";
  const missing = l.required.filter((a) => !given(a));
  if (missing.length > 0) {
    const list = missing.map((a) => `"${a}"`).join(", ");
    throw new RedpandaError(
      `${name}: the argument${missing.length > 1 ? "s" : ""} ${list} ${missing.length > 1 ? "are" : "is"} required`,
    );
  }
  switch (l.argument) {
    case "none":
      return [];
    case "id":
      return [String(args[l.args[0]!])];
    case "key":
      // The id wins when both are given.
      if (given("id")) return [{ id: String(args.id) }];
      if (given("name")) return [{ name: String(args.name) }];
      throw new RedpandaError(`${name}: give the argument "id" or "name"`);
    case "object":
      return [Object.fromEntries(l.args.filter(given).map((a) => [a, args[a]]))];
  }
}

/** Calls the lookup `name` with a function's arguments; undefined for a name it does not serve. */
export async function invokeLookup(
  name: string,
  args: Record<string, unknown>,
  ctx: CallContext,
): Promise<Record<string, unknown> | undefined> {
  const l = Object.hasOwn(LOOKUPS, name) ? LOOKUPS[name] : undefined;
  if (!l) return undefined;
  // The call context goes last: a lookup reads with its provider instance's clients.
  const result = await l.call(...parameterOf(name, l, args), ctx);
  return l.list ? { items: result } : (result as Record<string, unknown>);
}
