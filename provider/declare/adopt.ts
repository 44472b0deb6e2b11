/**
 * How a kind's existing objects are taken over and found, declared once per kind in
 * provider/kinds/<kind>/adopt.ts (`<camel>Adoption`) and collected by the generated registry
 * (provider/kinds/registry.ts, `ADOPTIONS`):
 * - `import`: the id `pulumi import` reads an object by (the plugin, provider/plugin/import-ids.ts);
 * - `migrate`: the import id a resource of the dynamic providers moves to (provider/migrate/);
 * - `list`: every object of the kind, for discovery (paged list endpoints, one per collection);
 * - `cluster` (cluster kinds only): one cluster by id — its addresses, for imports of the kinds on
 *   it, and whether it is going, for the vanished-cluster rule; asked of each cluster kind in turn
 *   by the one finder (runtime/find-cluster.ts).
 *
 * A kind lives in the organization (control plane), on one cluster's data-plane API, or on one
 * cluster's Schema Registry: its `scope`. The import id of a cluster-scoped kind starts with its
 * cluster: the cluster's id (`<clusterId>/<topic name>`; the plugin looks the URL up) or the URL
 * itself (`<dataplaneApiUrl>|<topic name>`, what the migration writes: the first `|` ends the URL).
 */
import type { z } from "zod";
import type { Clients } from "../transport/settings";
import { RedpandaError } from "../errors";
import { fromWire } from "./wire-case";

export type Props = Record<string, unknown>;

/** Where a kind's objects live. */
export type Scope = "organization" | "dataplane" | "registry";

/** What an import id names: the id the lifecycle keeps and the properties its read starts from. */
export interface ImportSeed {
  /** The id the lifecycle keeps (a topic's name, an ACL's tuple). */
  id: string;
  /** What the kind's read needs besides the id; optional inputs it reads back live. */
  props: Props;
}

/** How a kind's import id reads (after the cluster part, for a cluster-scoped kind). */
export interface ImportForm {
  /** The id's shape, for messages and docs: `<topic name>`, `[<networkId>/]<peeringId>`. */
  form: string;
  /** `/`-separated parts; the last one takes the rest (it may hold `/`). */
  parts: number;
  /** The seed from the parts; `url` is the cluster's URL of the kind's scope ("" for others). */
  seed(parts: string[], url: string, clients: Clients): ImportSeed | Promise<ImportSeed>;
  /** Create inputs read from the API record, added to the seed (see {@link fromRecord}). */
  record?: (id: string, clients: Clients) => Promise<Props>;
}

/** A resource of the dynamic providers, as `pulumi stack export` holds it. */
export interface DynamicState {
  /** The resource's id. */
  id: string;
  /**
   * An input as the state holds it (a secret only from a `--show-secrets` export); missing, it is
   * `fallback`, or an error naming the input.
   */
  input(key: string, fallback?: string): string;
}

/** One object a lister found. */
export interface Listed {
  /** What `pulumi import <token> <name> <importId>` takes: `<clusterId>/<rest>` on a cluster. */
  importId: string;
  /**
   * A readable name: the object's name, or its identity in words (an ACL's tuple, its enums as
   * plain words: see {@link enumWords}). Discovery makes the program's names from it.
   */
  name: string;
  /** The resource group it belongs to, where it has one; a resource group's own id. */
  resourceGroupId?: string;
  /** The cluster it is on (cluster-scoped kinds, a shadow link); a cluster's own id. */
  clusterId?: string;
  /**
   * Something Redpanda keeps for itself (internal topics such as `_schemas`, `__consumer_offsets`,
   * `_redpanda.*`, `_internal_connectors_*`; built-in roles and users): discovery leaves it out.
   */
  internal: boolean;
  /** A cluster's own addresses (cluster kinds), for listing the kinds on it. */
  addresses?: ClusterAddresses;
}

/** A cluster's data-plane API and Schema Registry URLs ("" when it has none). */
export interface ClusterAddresses {
  dataplaneApiUrl: string;
  schemaRegistryUrl: string;
}

/** The cluster a cluster-scoped lister lists: its id and the URL of the kind's scope. */
export interface ClusterAddress {
  id: string;
  /** The data-plane API URL (data-plane kinds) or the Schema Registry URL (registry kinds). */
  url: string;
}

/** One cluster as a cluster kind reports it. */
export interface ClusterFacts extends ClusterAddresses {
  /** The API's state, e.g. `STATE_READY`. */
  state: string;
  /** Whether its data plane is going or gone (being deleted). */
  going: boolean;
}

/**
 * A cluster kind's cluster by id, or the API's error: NOT_FOUND when the kind has no cluster of
 * that id (what the refusals of another kind's route mean: runtime/find-cluster.ts).
 */
export type ClusterReader = (clients: Clients, id: string) => Promise<ClusterFacts>;

interface AdoptionBase {
  import: ImportForm;
  /**
   * The import id a dynamic resource of the kind moves to, from its state: for a cluster-scoped
   * kind, the part after `<url>|` (the migration adds the URL the resource kept in its inputs).
   */
  migrate(state: DynamicState): string;
}

/** A kind of the organization: listed from the control plane. */
export interface OrganizationAdoption extends AdoptionBase {
  scope: "organization";
  /** Every object of the kind in the organization, every page. */
  list(clients: Clients): Promise<Listed[]>;
  /** A cluster kind: one of its clusters by id. */
  cluster?: ClusterReader;
}

/** A kind on one cluster: listed from that cluster's data-plane API or Schema Registry. */
export interface ClusterScopedAdoption extends AdoptionBase {
  scope: "dataplane" | "registry";
  /** Every object of the kind on the cluster, every page. */
  list(clients: Clients, cluster: ClusterAddress): Promise<Listed[]>;
}

/** A kind's adoption declaration (provider/kinds/<kind>/adopt.ts). */
export type Adoption = OrganizationAdoption | ClusterScopedAdoption;

/** The id alone: most control-plane kinds. */
export const byId: ImportForm = {
  form: "<id>",
  parts: 1,
  seed: ([id]) => ({ id: id!, props: {} }),
};

/** The dynamic resource's own id: what most kinds migrate to. */
export const sameId = (state: DynamicState): string => state.id;

/**
 * A control-plane kind whose read reports only what can change in place: its create inputs are
 * read from the record first (`fromWire` of the kind's create shape), so an import holds them all.
 */
export function fromRecord(
  schema: z.ZodType,
  get: (clients: Clients, id: string) => Promise<unknown>,
): ImportForm {
  return {
    ...byId,
    record: async (id, clients) => (fromWire(schema, await get(clients, id)) ?? {}) as Props,
  };
}

/** `<connect cluster>/<name>` or `<name>` (the Connect cluster `redpanda`, the input's default). */
export function connectPart(rest: string): { connect: string; name: string } {
  const at = rest.indexOf("/");
  return at > 0
    ? { connect: rest.slice(0, at), name: rest.slice(at + 1) }
    : { connect: "redpanda", name: rest };
}

/** A tuple's inputs (an ACL's seven fields joined by `|`, as its lifecycle id is). */
export function tupleProps(what: string, fields: readonly string[], tuple: string): Props {
  const values = tuple.split("|");
  if (values.length !== fields.length) {
    throw new RedpandaError(
      `${what}'s import id needs the ${fields.length} fields of its tuple, joined by "|"`,
    );
  }
  return Object.fromEntries(fields.map((f, i) => [f, values[i]]));
}

/** The form of a tuple's import id: `<a>|<b>|...`. */
export const tupleForm = (fields: readonly string[]): string =>
  fields.map((f) => `<${f}>`).join("|");

/** An API enum as words for a readable name: `RESOURCE_TYPE_TOPIC` less `RESOURCE_TYPE_` → `topic`. */
export const enumWords = (value: string, prefix: string): string =>
  (value.startsWith(prefix) ? value.slice(prefix.length) : value).toLowerCase().replace(/_/g, " ");

/** A listed object's import id on its cluster: `<clusterId>/<rest>`. */
export const onCluster = (cluster: ClusterAddress, rest: string): string => `${cluster.id}/${rest}`;

/** The documented forms of a kind's import id (docs/plugin.md). */
export function importIdForms(a: Adoption): string[] {
  if (a.scope === "organization") return [a.import.form];
  const url = a.scope === "dataplane" ? "<dataplaneApiUrl>" : "<schemaRegistryUrl>";
  return [`<clusterId>/${a.import.form}`, `${url}|${a.import.form}`];
}
