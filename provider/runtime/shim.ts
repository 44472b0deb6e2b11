/**
 * The only code Pulumi serializes into state (`__provider`). Every method `require`s this
 * package's runtime by name, at run time, in the provider process, and delegates. It captures
 * nothing: no type name, no axios, zod, config or credentials. The resource's type travels as the
 * hidden input `_rpType`, so all resource types share one shim text (about 2.0 KB).
 *
 * FROZEN CONTRACT: the subpath "pulumi-redpanda-cloud/runtime" and its `v1(method, args)` must keep
 * working for every shim ever written to a state file. A new protocol adds `v2`, never changes `v1`.
 */
import type * as pulumi from "@pulumi/pulumi";

/** Not "__"-prefixed: the engine drops internal "__" keys (all but __provider) before create. */
export const TYPE_KEY = "_rpType";

// `require` is resolved in the provider process at run time, by design (eslint.config.mjs allows it here).
const shim: pulumi.dynamic.ResourceProvider = {
  configure: (...a) => require("pulumi-redpanda-cloud/runtime").v1("configure", a),
  check: (...a) => require("pulumi-redpanda-cloud/runtime").v1("check", a),
  diff: (...a) => require("pulumi-redpanda-cloud/runtime").v1("diff", a),
  create: (...a) => require("pulumi-redpanda-cloud/runtime").v1("create", a),
  read: (...a) => require("pulumi-redpanda-cloud/runtime").v1("read", a),
  update: (...a) => require("pulumi-redpanda-cloud/runtime").v1("update", a),
  delete: (...a) => require("pulumi-redpanda-cloud/runtime").v1("delete", a),
};

/** The shared shim object (one object, so Pulumi's serialization cache hits for every resource). */
export function makeShim(): pulumi.dynamic.ResourceProvider {
  return shim;
}
