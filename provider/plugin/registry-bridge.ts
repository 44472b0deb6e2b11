/**
 * The plugin's one door into the rest of the package: the kinds (declarations, adoptions, their
 * lifecycle providers and lookups, from the generated registry) and the shared runtime pieces it
 * serves them with. The plugin reaches the kinds only through here, so a move of the kinds'
 * folders changes this file and nothing else; two files load before it and import the settings and
 * the orphan watch directly: serve.ts (the port is printed before the kinds load) and config.ts
 * (the settings' keys).
 */
import { KINDS, PROVIDERS } from "../kinds/registry";
import type { Kind } from "../declare/declare";
import type { Provider } from "../runtime/lifecycle";
import { changedInputsOf, isUnknown, UNKNOWN } from "../runtime/lifecycle";

export { changedInputsOf, isUnknown, UNKNOWN };
export type { Kind, Provider };

/** A resource kind as the plugin serves it: its declaration and its lifecycle. */
export interface ServedKind {
  /** Type name, e.g. `Topic` (the token's last part). */
  type: string;
  kind: Kind;
  provider: Provider;
}

/** Every kind, by type name, in the registry's order. */
export function servedKinds(): Map<string, ServedKind> {
  const served = new Map<string, ServedKind>();
  for (const kind of Object.values(KINDS)) {
    const provider = PROVIDERS[kind.type];
    if (provider) served.set(kind.type, { type: kind.type, kind, provider });
  }
  return served;
}

/** Every kind's adoption declaration (import id forms) and every lookup, by name. */
export { ADOPTIONS, LOOKUPS } from "../kinds/registry";
/** One cluster by id, asked of each cluster kind (runtime/find-cluster.ts). */
export { findCluster } from "../kinds/registry";
export type { Adoption, ImportSeed } from "../declare/adopt";
export { importIdForms } from "../declare/adopt";
export type { LookupCall } from "../declare/lookup";
export type { Clients } from "../transport/settings";
/** A provider instance (config, clients, cancel signal) and the context of each of its calls. */
export { ProviderInstance } from "../runtime/context";
export type { CallContext, LineSink } from "../runtime/context";
export { RedpandaError, ResourceInitFailed } from "../errors";
/** The provider settings from a config lookup, with the `REDPANDA_*` fallbacks (validates them). */
export { resolveSettings } from "../transport/settings";
/** The engine's `Log` call (shared with the dynamic providers' process). */
export { engineClient } from "../runtime/engine-client";
export { sdkGrpc } from "../runtime/sdk-grpc";
