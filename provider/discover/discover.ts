/**
 * Discovery: what an organization holds, as the `pulumi import --file` JSON of the provider
 * plugin (`redpandacloud:index:<Kind>`, each object's import id as its kind lists it), the same
 * shape the migrations write (../migrate/types.ts) with the same names (../migrate/names.ts). The
 * walk is ./walk.ts, the narrowing ./narrow.ts, the command line ./cli.ts; the steps are in
 * docs/adopt.md.
 */
import { ADOPTIONS } from "../kinds/registry";
import { NameBook } from "../migrate/names";
import type { ImportFile } from "../migrate/types";
import { PACKAGE as PLUGIN_PACKAGE } from "../plugin/config";
import type { Clients } from "../transport/settings";
import { inside, narrowingOf } from "./narrow";
import type { ClusterOutcome, Found } from "./walk";
import { eachLimited, isCluster, listCluster, listOrganization } from "./walk";

/** What to discover. */
export interface DiscoverOptions {
  /** Resource groups to keep (ids or names); all when empty. */
  resourceGroups: string[];
  /** Clusters to keep (ids or names); all when empty. */
  clusters: string[];
  /** Keep what Redpanda keeps for itself (internal topics, built-in roles, `__` principals). */
  includeInternal: boolean;
}

/** What a discovery found and left out. */
export interface Discovery {
  /** The `pulumi import --file` JSON. */
  importFile: ImportFile;
  /** The objects in it, in its order. */
  kept: Found[];
  /** Each cluster whose contents were listed (or tried), in the organization's order. */
  clusters: ClusterOutcome[];
  /** Internal objects left out (without `includeInternal`). */
  internalLeftOut: number;
  /** Objects outside the narrowing. */
  narrowedOut: number;
}

/** What a discovery tells as it goes (the command line's progress lines). */
export interface Progress {
  /** The organization's objects were listed, in `ms` milliseconds. */
  organization?(found: Found[], ms: number): void;
  /** One cluster's contents were listed (or tried). */
  cluster?(outcome: ClusterOutcome): void;
}

/** Clusters listed at once (each its own host in the cloud; the transport bounds each host). */
const CLUSTERS_AT_ONCE = 4;

const KIND_ORDER = new Map(Object.keys(ADOPTIONS).map((k, i) => [k, i]));

/** Kinds in the registry's order (dependencies first), objects by name within a kind. */
function ordered(found: Found[]): Found[] {
  return [...found].sort(
    (a, b) =>
      KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! ||
      a.listed.name.localeCompare(b.listed.name) ||
      a.listed.importId.localeCompare(b.listed.importId),
  );
}

/** The import file: a readable, unique name for each object (its kind added on a collision). */
export function importFileOf(found: Found[]): ImportFile {
  const names = new NameBook();
  return {
    resources: found.map((f) => ({
      type: `${PLUGIN_PACKAGE}:index:${f.kind}`,
      name: names.claim(f.listed.name || f.kind, f.kind),
      id: f.listed.importId,
    })),
  };
}

/**
 * Lists the organization, then each cluster inside the narrowing (`progress` is told as each
 * ends), and writes the import file of what is inside the narrowing and, unless asked, not
 * internal: organization objects first, then each cluster's.
 */
export async function discover(
  clients: Clients,
  options: DiscoverOptions,
  progress: Progress = {},
): Promise<Discovery> {
  const started = Date.now();
  const organization = await listOrganization(clients);
  progress.organization?.(organization, Date.now() - started);
  const narrowing = narrowingOf(organization, options);
  const clusterById = new Map(
    organization.filter(isCluster).map((c) => [c.listed.importId, c] as const),
  );
  const isInside = (f: Found) => inside(narrowing, f, clusterById);
  const outcomes = await eachLimited(
    organization.filter((f) => isCluster(f) && isInside(f)),
    CLUSTERS_AT_ONCE,
    async (c) => {
      const outcome = await listCluster(clients, c);
      progress.cluster?.(outcome);
      return outcome;
    },
  );
  const all = [...ordered(organization), ...outcomes.flatMap((o) => ordered(o.found))];
  const narrowed = all.filter(isInside);
  const kept = narrowed.filter((f) => options.includeInternal || !f.listed.internal);
  return {
    importFile: importFileOf(kept),
    kept,
    clusters: outcomes,
    internalLeftOut: narrowed.length - kept.length,
    narrowedOut: all.length - narrowed.length,
  };
}
