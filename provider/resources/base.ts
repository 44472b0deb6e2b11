/**
 * Program-side plumbing shared by the resource classes: the base class that registers a
 * dynamic-provider resource with the one-line shim (runtime/shim.ts), the type marker, and the type
 * tokens `pulumi-nodejs:dynamic/redpanda:<Type>`.
 */
import * as pulumi from "@pulumi/pulumi";
import { stackAllowsDeletion } from "../declare/fields";
import { PROVIDER_KEY, SHIM_SOURCE, TYPE_KEY } from "../runtime/shim";

export const MODULE = "redpanda";

/**
 * A resource served by Pulumi's dynamic-provider host, like `pulumi.dynamic.Resource`, but with
 * the provider code given as the shim's text instead of a serialized closure.
 */
export abstract class RedpandaResource extends pulumi.CustomResource {
  protected constructor(
    type: string,
    name: string,
    props: Record<string, unknown>,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(
      `pulumi-nodejs:dynamic/${MODULE}:${type}`,
      name,
      { [TYPE_KEY]: type, ...props, [PROVIDER_KEY]: SHIM_SOURCE },
      opts,
    );
  }
}

/**
 * The `protect` option of a resource that holds data: set unless its `allowDeletion` is true, or
 * (when it is unset) the stack's `redpanda:allowDeletion` config is true, so the engine refuses
 * to delete or replace it at preview. A `protect` the program passes itself is kept as given.
 */
export function protectData(
  allowDeletion: boolean | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  if (opts?.protect !== undefined) return opts;
  const allowed =
    allowDeletion ?? stackAllowsDeletion(new pulumi.Config(MODULE).get("allowDeletion"));
  return pulumi.mergeOptions(opts, { protect: !allowed });
}

/** Merges `additionalSecretOutputs` for outputs under keys no secret input shares. */
export function withSecretOutputs(
  opts: pulumi.CustomResourceOptions | undefined,
  keys: string[],
): pulumi.CustomResourceOptions {
  return pulumi.mergeOptions(opts, { additionalSecretOutputs: keys });
}

/**
 * Per-resource deadlines, because `customTimeouts` does not reach dynamic providers. Durations
 * such as "30s", "15m" or "2h", or a number of minutes. Changing them never updates or replaces.
 */
export interface Timeouts {
  /** Deadline for create, including the wait for the resource to be ready. */
  create?: pulumi.Input<string | number>;
  /** Deadline for an update, including its operation. */
  update?: pulumi.Input<string | number>;
  /** Deadline for delete, including the wait for the resource to be gone. */
  delete?: pulumi.Input<string | number>;
}
