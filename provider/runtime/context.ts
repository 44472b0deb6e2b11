/**
 * The provider call's context: the configuration that serves it, the API clients built from it
 * (the one place clients are built), and its log.
 *
 * A provider process serves one configuration (a dynamic provider: the stack's `redpanda:*`
 * config, else the environment) or several (the provider plugin: one per explicit provider
 * instance, each with its own `Configure`). Each front door says which, explicitly, where it
 * enters: the dynamic provider's `configure` calls {@link setConfigLookup} for the process; the
 * plugin registers each instance it serves ({@link serveInstance}) and runs its calls through
 * {@link inInstance} (plugin/server.ts). A scope carries settings and a log only: how a request is
 * retried is decided by the loop that sends it (retry/loop.ts), never by where it runs.
 *
 * The engine starts one plugin process per provider instance, so a process normally serves one:
 * its scope is then the process's, and the calls that never wait (check, diff, read, invoke) run
 * as they are. AsyncLocalStorage carries a call's own scope through its awaits otherwise — for
 * every call once a process serves two instances (tests do), and always for create, update and
 * delete, whose waits report progress on their resource's line. Not for every call, because Node
 * 20's AsyncLocalStorage, once entered, hooks every promise and native callback of the process:
 * about 0.17 s of CPU per 4,000 calls of a no-change `pulumi up` (profiled through the bench's
 * REDPANDA_BENCH_PROFILE, bench/plugin-vs-dynamic.mjs).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiError } from "../errors";
import { RedpandaError } from "../errors";
import type { DataPlaneClient } from "../transport/dataplane";
import type { ConfigLookup, ProviderSettings } from "../transport/settings";
import { Clients, resolveSettings } from "../transport/settings";
import { stackAllowsDeletion as allowsDeletion } from "../declare/fields";
import { engineLog } from "./engine-log";
import { engineGuard } from "./orphan";

/** What a provider plugin's call runs with: its instance's settings and its resource's log. */
export interface CallScope {
  /** Reads `<namespace>:<key>` of this provider instance; undefined when unset. */
  config: ConfigLookup;
  /** Sends a line to the engine for this call's resource (`ephemeral`: progress). */
  log?: (message: string, ephemeral: boolean) => void;
}

const scope = new AsyncLocalStorage<CallScope>();

/** Runs `work` with `callScope` as its settings and log. */
export function inScope<T>(callScope: CallScope, work: () => Promise<T>): Promise<T> {
  return scope.run(callScope, work);
}

/** The plugin instances this process serves, first registered first. */
const instances: CallScope[] = [];

/**
 * Registers a plugin instance: `instance.config` is its config lookup (replaced at each
 * `Configure`), `instance.log` its lines that name no resource. Its calls run through
 * {@link inInstance}.
 */
export function serveInstance(instance: CallScope): void {
  instances.push(instance);
}

/**
 * Runs a plugin call of a registered instance: in `call`'s own scope (its config and its
 * resource's log) when the process serves several instances or the call may wait (`own`); else
 * as it is, the process's one instance being its scope — its lines then name no resource.
 */
export function inInstance<T>(call: CallScope, own: boolean, work: () => Promise<T>): Promise<T> {
  return own || instances.length > 1 ? scope.run(call, work) : work();
}

/**
 * The current call's scope: its own, else the process's first plugin instance (a call that
 * started while it was the only one); undefined in a dynamic provider.
 */
export function currentScope(): CallScope | undefined {
  return scope.getStore() ?? instances[0];
}

/** The process's config: a dynamic provider's stack config, set by its `configure`. */
let processConfig: ConfigLookup = () => undefined;

/** Stores how to read `redpanda:<key>`; called from the dynamic provider's `configure`. */
export function setConfigLookup(next: ConfigLookup): void {
  processConfig = next;
}

/** The config of the call being served (plugin), else the process's (dynamic provider). */
function activeConfig(): ConfigLookup {
  return currentScope()?.config ?? processConfig;
}

/** The stack's `redpanda:allowDeletion` (declare/fields.ts reads it, for both front doors). */
export function stackAllowsDeletion(): boolean {
  return allowsDeletion(activeConfig()("allowDeletion"));
}

export function settings(): ProviderSettings {
  return resolveSettings(activeConfig());
}

/** Each config lookup's settings, or why they do not resolve (a check asks at every call). */
const checked = new WeakMap<ConfigLookup, ProviderSettings | RedpandaError>();

/**
 * The settings of the call being served, or the error that says why they do not resolve (a bad
 * number, an API URL in plain HTTP): what a check reports at preview, before any API call. A
 * lookup's environment fallbacks are read once, as {@link getClients} reads them.
 */
export function checkedSettings(): ProviderSettings | RedpandaError {
  const config = activeConfig();
  let value = checked.get(config);
  if (value === undefined) {
    try {
      value = resolveSettings(config);
    } catch (err) {
      if (!(err instanceof RedpandaError)) throw err;
      value = err;
    }
    checked.set(config, value);
  }
  return value;
}

/** Clients by their settings: one set per configuration; two never share a token cache. */
const built = new Map<string, Clients>();

/** What {@link clientsFor} builds besides the configuration's settings. */
export interface ClientOptions {
  /**
   * Refuse every request but a GET before it is sent (discovery, which must change nothing);
   * otherwise the engine's change guard runs there.
   */
  readOnly?: boolean;
}

/** The change guard of read-only clients: nothing but a GET leaves the process. */
async function refuseChange(): Promise<void> {
  throw new RedpandaError("these API clients are read-only: only GET requests are sent");
}

/**
 * The API clients of a configuration, built here and nowhere else: one transport (token source,
 * connection pool, per-host limits and pace, the attempt budget with its retry log, the engine's
 * change guard) under the control-plane client and one data-plane client per cluster address.
 * Built again only when the settings change (a new token, another API URL).
 */
export function clientsFor(config: ConfigLookup, options: ClientOptions = {}): Clients {
  const s = resolveSettings(config);
  const readOnly = options.readOnly === true;
  const key = JSON.stringify({ ...s, readOnly });
  let value = built.get(key);
  if (!value) {
    // A dynamic provider has one configuration at a time: a new token or URL replaces it.
    if (!currentScope()) built.clear();
    value = new Clients(s, retryLog, readOnly ? refuseChange : engineGuard());
    built.set(key, value);
  }
  return value;
}

/**
 * The clients of each call scope's config lookup. A plugin instance's lookup is the same object
 * from its `Configure` to the next, and its process's environment does not change under it, so its
 * settings are resolved once, not at every call (reading the `REDPANDA_*` fallbacks from the
 * environment is most of a resolve; the plugin asks for its clients once per resource and call).
 */
const scopedClients = new WeakMap<ConfigLookup, Clients>();

/** The clients of the call being served. */
export function getClients(): Clients {
  const scoped = currentScope();
  if (!scoped) return clientsFor(processConfig);
  let clients = scopedClients.get(scoped.config);
  if (!clients) {
    clients = clientsFor(scoped.config);
    scopedClients.set(scoped.config, clients);
  }
  return clients;
}

/** A cluster's data-plane client, for the call being served. */
export function dp(url: string): DataPlaneClient {
  return getClients().dataPlane(url);
}

function retryLog(err: ApiError, attempt: number, delayMs: number): void {
  log(
    `retrying ${err.method} ${err.path} after ${err.code} (attempt ${attempt}, waiting ${Math.round(delayMs)} ms)`,
  );
}

/** A line to the plugin call's resource, else to the dynamic provider's engine. */
function line(message: string, ephemeral: boolean): void {
  const scoped = currentScope()?.log;
  if (scoped) scoped(message, ephemeral);
  else engineLog(message, ephemeral);
}

/**
 * A line for the Pulumi CLI that a user needs afterwards (it stays in the Diagnostics). Callers
 * pass no secrets; messages come from our own formatting.
 */
export function log(message: string): void {
  line(`[redpanda] ${message}`, false);
}

/** Progress while waiting: shown as it happens, not kept in the Diagnostics at the end. */
export function progress(message: string): void {
  line(`[redpanda] ${message}`, true);
}
