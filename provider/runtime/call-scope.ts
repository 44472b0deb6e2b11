/**
 * The settings and the log of the provider call being served, when a server serves several
 * configurations in one process (the provider plugin: each explicit provider instance has its
 * own `Configure`). Carried through every `await` of the call by AsyncLocalStorage, so the
 * lifecycle, the specs and the lookups read the instance's config without taking it as an
 * argument. Outside a scope (the dynamic provider) the process-wide config applies.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ConfigLookup } from "../transport/settings";

export interface CallScope {
  /** Reads `<namespace>:<key>` of this provider instance; undefined when unset. */
  config: ConfigLookup;
  /** Sends a line to the engine for this call's resource (`ephemeral`: progress). */
  log?: (message: string, ephemeral: boolean) => void;
}

const storage = new AsyncLocalStorage<CallScope>();

/** Runs `work` with `scope` as the current call's settings and log. */
export function inScope<T>(scope: CallScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** The current call's scope; undefined outside {@link inScope}. */
export function currentScope(): CallScope | undefined {
  return storage.getStore();
}
