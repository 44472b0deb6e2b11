/**
 * The walk of discovery, generic over the kinds' adoption declarations (`ADOPTIONS`, each kind's
 * provider/kinds/<kind>/adopt.ts): every organization kind's lister against the control plane,
 * then, cluster by cluster, every cluster-scoped kind's lister against that cluster's data-plane
 * API or Schema Registry. Read-only: the listers send GETs only (and the clients discovery builds
 * refuse anything else, ./cli.ts). A control-plane failure ends the walk; a cluster's API that
 * fails leaves that cluster's part unlisted, said in its outcome, and the walk goes on.
 */
import type {
  Adoption,
  ClusterAddress,
  ClusterScopedAdoption,
  Listed,
  OrganizationAdoption,
} from "../declare/adopt";
import { RedpandaError } from "../errors";
import { ADOPTIONS } from "../kinds/registry";
import type { Clients } from "../transport/settings";

/** One object found: its kind (`Topic`) and what its kind's lister said of it. */
export interface Found {
  kind: string;
  listed: Listed;
}

/** A part of a cluster that was not listed, and why. */
export interface Skipped {
  /** The API it is served by: `data-plane API`, `Schema Registry`. */
  api: string;
  /** The kinds not listed there. */
  kinds: string[];
  /** Why, in one line (the first failure's message). */
  reason: string;
}

/** What became of one cluster's contents. */
export interface ClusterOutcome {
  /** The cluster as its kind's lister found it. */
  cluster: Found;
  /** Objects found on it, every kind, internal ones included. */
  found: Found[];
  /** What could not be listed; empty when everything was. */
  skipped: Skipped[];
  /** Whether it has a Schema Registry address. */
  hasRegistry: boolean;
  /** Wall time of its listing, in milliseconds. */
  ms: number;
}

/** The first line of an error's message (an API error adds hints on further lines). */
export const firstLine = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split("\n")[0]!;

const byScope = (scope: Adoption["scope"]) =>
  Object.entries(ADOPTIONS).filter(([, a]) => a.scope === scope) as [string, Adoption][];

/** Every object of every organization kind; the first failure ends discovery, naming its kind. */
export async function listOrganization(clients: Clients): Promise<Found[]> {
  const lists = await Promise.all(
    byScope("organization").map(async ([kind, a]) => {
      try {
        const listed = await (a as OrganizationAdoption).list(clients);
        return listed.map((l) => ({ kind, listed: l }));
      } catch (err) {
        throw new RedpandaError(`listing ${kind} from the control plane: ${firstLine(err)}`, {
          cause: err,
        });
      }
    }),
  );
  return lists.flat();
}

/** A listed cluster: what a cluster kind's lister found (it carries the cluster's addresses). */
export const isCluster = (f: Found): boolean => f.listed.addresses !== undefined;

/**
 * The kinds of one API of one cluster. The first kind is asked alone: an API that does not answer
 * costs one request's retries, not one per kind; then the others together. Failures are grouped
 * by message, one {@link Skipped} each.
 */
async function listApi(
  clients: Clients,
  at: ClusterAddress,
  api: string,
  kinds: [string, Adoption][],
): Promise<{ found: Found[]; skipped: Skipped[] }> {
  const listKind = async ([kind, a]: [string, Adoption]): Promise<Found[]> =>
    (await (a as ClusterScopedAdoption).list(clients, at)).map((l) => ({ kind, listed: l }));
  const [first, ...rest] = kinds;
  if (!first) return { found: [], skipped: [] };
  let found: Found[];
  try {
    found = await listKind(first);
  } catch (err) {
    return { found: [], skipped: [{ api, kinds: kinds.map(([k]) => k), reason: firstLine(err) }] };
  }
  const settled = await Promise.allSettled(rest.map(listKind));
  const failed = new Map<string, string[]>();
  settled.forEach((s, i) => {
    if (s.status === "fulfilled") found.push(...s.value);
    else {
      const reason = firstLine(s.reason);
      failed.set(reason, [...(failed.get(reason) ?? []), rest[i]![0]]);
    }
  });
  return { found, skipped: [...failed].map(([reason, ks]) => ({ api, kinds: ks, reason })) };
}

/** Every object on one cluster: its data-plane API's kinds, then its Schema Registry's. */
export async function listCluster(clients: Clients, cluster: Found): Promise<ClusterOutcome> {
  const started = Date.now();
  const { dataplaneApiUrl, schemaRegistryUrl } = cluster.listed.addresses!;
  const id = cluster.listed.importId;
  const dataplane = byScope("dataplane");
  const registry = byScope("registry");
  const outcome: ClusterOutcome = {
    cluster,
    found: [],
    skipped: [],
    hasRegistry: schemaRegistryUrl !== "",
    ms: 0,
  };
  if (!dataplaneApiUrl) {
    // The API reports a cluster's addresses once it is ready (a creating cluster has none).
    const kinds = [...dataplane, ...registry].map(([k]) => k);
    outcome.skipped.push({
      api: "data-plane API",
      kinds,
      reason: "the cluster has no address yet",
    });
  } else {
    const parts = await Promise.all([
      listApi(clients, { id, url: dataplaneApiUrl }, "data-plane API", dataplane),
      schemaRegistryUrl
        ? listApi(clients, { id, url: schemaRegistryUrl }, "Schema Registry", registry)
        : { found: [], skipped: [] },
    ]);
    for (const p of parts) {
      outcome.found.push(...p.found);
      outcome.skipped.push(...p.skipped);
    }
  }
  outcome.ms = Date.now() - started;
  return outcome;
}

/** `work` over `items`, at most `limit` at a time, results in the items' order. */
export async function eachLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
