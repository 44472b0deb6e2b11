/** Calls into the package runtime as the shim in state does, for tests of the provider objects. */
import { v1 } from "../../provider/runtime-entry";

export type Props = Record<string, unknown>;

/** `method(...args)` on the provider of the props' `_rpType`, as the dynamic-provider host calls it. */
export const callRuntime = (method: string, ...args: unknown[]): Promise<Props> =>
  v1(method as "create", args) as Promise<Props>;
