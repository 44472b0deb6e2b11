/**
 * Provider-process state shared by every resource: settings from `configure()` (the stack's
 * `redpanda:*` config) or the environment, and one set of API clients built from them.
 */
import type { ConfigLookup, ProviderSettings } from "../transport/settings";
import { Clients, resolveSettings } from "../transport/settings";
import { engineLog } from "./engine-log";
import { engineGuard } from "./orphan";

let lookup: ConfigLookup = () => undefined;
let clients: { key: string; value: Clients } | undefined;

/** Stores how to read `redpanda:<key>`; called from the shim's `configure`. */
export function setConfigLookup(next: ConfigLookup): void {
  lookup = next;
}

/**
 * The stack's `redpanda:allowDeletion`: true allows deleting and replacing the kinds that hold data
 * (anything but `true` keeps them guarded; the program's own read rejects other values).
 */
export function stackAllowsDeletion(): boolean {
  return lookup("allowDeletion")?.trim().toLowerCase() === "true";
}

export function settings(): ProviderSettings {
  return resolveSettings(lookup);
}

/** The shared clients; rebuilt only when the settings change (a new token, another API URL). */
export function getClients(): Clients {
  const s = settings();
  const key = JSON.stringify(s);
  if (!clients || clients.key !== key) {
    clients = {
      key,
      value: new Clients(
        s,
        (err, attempt, delayMs) =>
          log(
            `retrying ${err.method} ${err.path} after ${err.code} (attempt ${attempt}, waiting ${Math.round(delayMs)} ms)`,
          ),
        engineGuard(),
      ),
    };
  }
  return clients.value;
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
