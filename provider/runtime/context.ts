/**
 * Provider-process state shared by every resource: settings from `configure()` (the stack's
 * `redpanda:*` config) or the environment, and one set of API clients built from them.
 */
import type { ConfigLookup, ProviderSettings } from "../transport/settings";
import { Clients, resolveSettings } from "../transport/settings";
import { stackAllowsDeletion as allowsDeletion } from "../declare/fields";
import { currentScope } from "./call-scope";
import { engineLog } from "./engine-log";
import { engineGuard } from "./orphan";

let lookup: ConfigLookup = () => undefined;
/**
 * Clients by their settings: one set per configuration. The provider plugin serves each provider
 * instance's calls with its own settings (call-scope.ts); two instances never share a token cache.
 */
const clients = new Map<string, Clients>();

/** The config of the call being served (plugin), else the process's (dynamic provider). */
function activeLookup(): ConfigLookup {
  return currentScope()?.config ?? lookup;
}

/** Stores how to read `redpanda:<key>`; called from the shim's `configure`. */
export function setConfigLookup(next: ConfigLookup): void {
  lookup = next;
}

/** The stack's `redpanda:allowDeletion` (declare/fields.ts reads it, for both front doors). */
export function stackAllowsDeletion(): boolean {
  return allowsDeletion(activeLookup()("allowDeletion"));
}

export function settings(): ProviderSettings {
  return resolveSettings(activeLookup());
}

/** The shared clients; rebuilt only when the settings change (a new token, another API URL). */
export function getClients(): Clients {
  const s = settings();
  const key = JSON.stringify(s);
  let value = clients.get(key);
  if (!value) {
    // A new token or API URL replaces the process's one set (the dynamic provider re-configures);
    // scoped calls keep one set per configuration.
    if (!currentScope()) clients.clear();
    value = new Clients(
      s,
      (err, attempt, delayMs) =>
        log(
          `retrying ${err.method} ${err.path} after ${err.code} (attempt ${attempt}, waiting ${Math.round(delayMs)} ms)`,
        ),
      engineGuard(),
    );
    clients.set(key, value);
  }
  return value;
}

/**
 * A line for the Pulumi CLI that a user needs afterwards (it stays in the Diagnostics). Callers
 * pass no secrets; messages come from our own formatting.
 */
export function log(message: string): void {
  engineLog(`[redpanda] ${message}`, false);
}

/** Progress while waiting: shown as it happens, not kept in the Diagnostics at the end. */
export function progress(message: string): void {
  engineLog(`[redpanda] ${message}`, true);
}
