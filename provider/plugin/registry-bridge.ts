/**
 * The plugin's one door into the rest of the package: the kinds (declarations and their lifecycle
 * providers) and the lookups. Everything in provider/plugin/ reaches them through here only, so a
 * move of the kinds' folders changes this file and nothing else.
 */
import { KINDS } from "../kinds/registry";
import type { Kind } from "../declare/declare";
import type * as Lookups from "../lookups";
import { RESOURCE_TYPES, providerFor } from "../runtime";
import type { Provider } from "../runtime/lifecycle";
import { changedInputsOf, isUnknown, UNKNOWN } from "../runtime/lifecycle";

export { changedInputsOf, isUnknown, UNKNOWN };
export type { Lookups };

/**
 * The lookups module, loaded at the first function call: it loads `@pulumi/pulumi` (about a second
 * here), which a plugin serving only resources never needs — the engine waits for the port.
 */
export function lookups(): typeof Lookups {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose
  return require("../lookups") as typeof Lookups;
}
export type { Kind, Provider };

/** A resource kind as the plugin serves it: its declaration and its lifecycle. */
export interface ServedKind {
  /** Type name, e.g. `Topic` (the token's last part). */
  type: string;
  kind: Kind;
  provider: Provider;
}

/** Every kind, by type name. */
export function servedKinds(): Map<string, ServedKind> {
  const byType = new Map<string, Kind>(Object.values(KINDS).map((k) => [k.type, k]));
  const served = new Map<string, ServedKind>();
  for (const type of RESOURCE_TYPES) {
    const kind = byType.get(type);
    if (kind) served.set(type, { type, kind, provider: providerFor(type) });
  }
  return served;
}

/** The current call's API clients (its provider instance's settings). */
export { getClients } from "../runtime/context";
/** Runs a call with its instance's config and log. */
export { inScope } from "../runtime/context";
export type { CallScope } from "../runtime/context";
export { RedpandaError } from "../errors";
/** Create inputs read back from an API record (for imports of kinds whose read keeps only some). */
export { fromWire } from "../declare/wire-case";
export * as controlPlaneWire from "../wire/nested-schemas";
/** The provider settings from a config lookup, with the `REDPANDA_*` fallbacks (validates them). */
export { resolveSettings } from "../transport/settings";
/** The control-plane reads imports need (each kind's own API call, taking the shared client). */
export { getCluster } from "../kinds/cluster/api";
export { getServerlessCluster } from "../kinds/serverless-cluster/api";
export { getNetwork, listNetworks } from "../kinds/network/api";
export { listNetworkPeerings } from "../kinds/network-peering/api";
/** The engine's `Log` call (shared with the dynamic providers' process). */
export { engineClient } from "../runtime/engine-client";
export { sdkGrpc } from "../runtime/sdk-grpc";
