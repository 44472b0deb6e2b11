/**
 * Program-side plumbing shared by the resource classes: the one shim object (so Pulumi's
 * serialization cache hits), the type marker, and the module name of the type tokens,
 * `pulumi-nodejs:dynamic/redpanda:<Type>`.
 */
import * as pulumi from "@pulumi/pulumi";
import { TYPE_KEY, makeShim } from "../runtime/shim";

export const MODULE = "redpanda";

/** The one shim object every resource type serializes (see runtime/shim.ts). */
export const shim: pulumi.dynamic.ResourceProvider = makeShim();

/** Props for the dynamic Resource: the type marker the runtime dispatches on, then the inputs. */
export function typed<T extends object>(type: string, props: T): T & { [TYPE_KEY]: string } {
  return { [TYPE_KEY]: type, ...props } as T & { [TYPE_KEY]: string };
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
