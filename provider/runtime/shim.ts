/**
 * The only code Pulumi keeps in state (`__provider`): one line that `require`s this package's
 * runtime by name, at run time, in the provider process, and asks it for the provider. It captures
 * nothing — no type name, no axios, zod, config or credentials — and is the same for every
 * resource type (the type travels as the input `_rpType`). Upgrading the package upgrades every
 * resource already in a stack.
 *
 * FROZEN CONTRACTS of "pulumi-redpanda-cloud/runtime", kept for every state ever written:
 * - `provider()` — asked for by this shim (0.1.0 onwards, this text);
 * - `v1(method, args)` — called by each method of the seven-method shim Pulumi serialized from a
 *   closure in the first builds (tests/support/fixtures/shim-v1.js.txt).
 * A new protocol adds a name; it never changes these.
 */

/** Not "__"-prefixed: the engine drops internal "__" keys (all but __provider) before create. */
export const TYPE_KEY = "_rpType";

/** The input key Pulumi's dynamic-provider host reads the provider code from. */
export const PROVIDER_KEY = "__provider";

/**
 * The module text the dynamic-provider host loads (`requireFromString(text).handler()`). Written
 * by hand rather than serialized from a closure: a serialized seven-method object costs 2 KB in
 * every state entry twice (inputs and outputs), and every checkpoint rewrites all of them.
 */
export const SHIM_SOURCE =
  'exports.handler = () => require("pulumi-redpanda-cloud/runtime").provider();\n';
