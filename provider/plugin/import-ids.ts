/**
 * `pulumi import` sends Read an id and no properties: what the id names, by the kind's declared
 * import form (its adopt.ts, `Adoption.import`; provider/declare/adopt.ts says the forms). A
 * cluster-scoped kind's id starts with its cluster: `<clusterId>/<rest>` (the cluster's URL is
 * asked of the cluster kinds) or `<url>|<rest>` (the first `|` ends the URL). What comes back is
 * the id the lifecycle keeps and the properties its read starts from.
 */
import type { Adoption, Clients, ImportSeed } from "./registry-bridge";
import { ADOPTIONS, RedpandaError, findCluster, importIdForms } from "./registry-bridge";

export type { ImportSeed };

/** The documented forms of a kind's import id (docs/plugin.md); none for an unknown kind. */
export function importIdFormsOf(type: string): string[] {
  const a = ADOPTIONS[type];
  return a ? importIdForms(a) : [];
}

/** Splits `id` into `n` parts at `/`: the last part keeps any further slashes. */
function split(id: string, n: number): string[] | undefined {
  const parts: string[] = [];
  let rest = id;
  for (let i = 1; i < n; i++) {
    const at = rest.indexOf("/");
    if (at <= 0) return undefined;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  if (rest === "") return undefined;
  return [...parts, rest];
}

/** A cluster's two URLs, by which the imports of the kinds on it are read. */
type ClusterUrls = { dataplane: string; registry: string };

/**
 * The cluster lookups of this process's imports, per set of clients (one provider instance's
 * settings): an import file names the same cluster for each of its thousands of objects, so one
 * GET per cluster, not one per object. A failed lookup is not kept.
 */
const clusterLookups = new WeakMap<Clients, Map<string, Promise<ClusterUrls>>>();

/**
 * A cluster's URLs, asked of each cluster kind (Dedicated and BYOC, then Serverless: the one finder,
 * runtime/find-cluster.ts, which takes one kind's NOT_FOUND or PERMISSION_DENIED for "ask the next").
 */
async function lookUpCluster(clients: Clients, clusterId: string): Promise<ClusterUrls> {
  const found = await findCluster(clients, clusterId);
  if (!found) throw new RedpandaError(`no cluster ${clusterId} was found`);
  return { dataplane: found.dataplaneApiUrl, registry: found.schemaRegistryUrl };
}

/** A cluster's URL of `scope`, looked up once per cluster and provider instance. */
async function clusterUrl(
  clients: Clients,
  scope: "dataplane" | "registry",
  clusterId: string,
): Promise<string> {
  const lookups = clusterLookups.get(clients) ?? new Map<string, Promise<ClusterUrls>>();
  clusterLookups.set(clients, lookups);
  let urls = lookups.get(clusterId);
  if (!urls) {
    urls = lookUpCluster(clients, clusterId);
    lookups.set(clusterId, urls);
    urls.catch(() => lookups.delete(clusterId));
  }
  return (await urls)[scope];
}

function formError(type: string, importId: string): RedpandaError {
  const forms = importIdFormsOf(type).join(" or ");
  return new RedpandaError(`${type}: the import id "${importId}" is not of the form ${forms}`);
}

/** The URL a scoped import id names: `<url>|<rest>`, or `<clusterId>/<rest>` looked up. */
async function scoped(
  clients: Clients,
  type: string,
  scope: "dataplane" | "registry",
  importId: string,
): Promise<{ url: string; rest: string }> {
  const direct = /^(https?:\/\/[^|]+)\|(.+)$/.exec(importId);
  if (direct) return { url: direct[1]!, rest: direct[2]! };
  const at = importId.indexOf("/");
  if (at <= 0) throw formError(type, importId);
  const clusterId = importId.slice(0, at);
  const url = await clusterUrl(clients, scope, clusterId);
  if (!url) throw new RedpandaError(`${type}: cluster ${clusterId} has no ${scope} URL`);
  return { url, rest: importId.slice(at + 1) };
}

/** The lifecycle id and seed properties an import id names, or an error saying its forms. */
export async function importSeed(
  type: string,
  importId: string,
  clients: Clients,
): Promise<ImportSeed> {
  const a: Adoption | undefined = ADOPTIONS[type];
  if (!a) throw new RedpandaError(`${type} cannot be imported by id (see docs/plugin.md)`);
  const { url, rest } =
    a.scope === "organization"
      ? { url: "", rest: importId }
      : await scoped(clients, type, a.scope, importId);
  const parts = split(rest, a.import.parts);
  if (!parts) throw formError(type, importId);
  const seed = await a.import.seed(parts, url, clients);
  if (!a.import.record) return seed;
  return { id: seed.id, props: { ...(await a.import.record(seed.id, clients)), ...seed.props } };
}
