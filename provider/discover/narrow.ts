/**
 * Narrowing a discovery to some resource groups and clusters (`--resource-group`, `--cluster`,
 * each an id or a name, repeatable), from what the listers say of each object: the group it is
 * in (`resourceGroupId`; a group is in itself) and the cluster it is on (`clusterId`; a cluster is
 * on itself). An object on a cluster is in that cluster's group. Both given, an object must pass
 * both. Objects that belong to no group or cluster (service accounts, role bindings, groups,
 * roles, invites) are left out of a narrowed discovery.
 */
import { RedpandaError } from "../errors";
import type { Found } from "./walk";
import { isCluster } from "./walk";

/** What to keep; undefined: no narrowing of that kind. */
export interface Narrowing {
  /** Resource group ids. */
  groups?: Set<string>;
  /** Cluster ids. */
  clusters?: Set<string>;
}

const describeAll = (xs: Found[]): string =>
  xs.length ? xs.map((x) => `"${x.listed.name}" (${x.listed.importId})`).join(", ") : "none";

/** The ids each of `asked` names (by id or name) among `candidates`; none named is an error. */
function resolve(asked: string[], candidates: Found[], what: string): Set<string> {
  const ids = new Set<string>();
  for (const a of asked) {
    const hits = candidates.filter((c) => c.listed.importId === a || c.listed.name === a);
    if (hits.length === 0) {
      throw new RedpandaError(
        `no ${what} has the id or name "${a}"; the organization has: ${describeAll(candidates)}`,
      );
    }
    for (const h of hits) ids.add(h.listed.importId);
  }
  return ids;
}

/** The narrowing `--resource-group` and `--cluster` ask for, checked against the organization. */
export function narrowingOf(
  organization: Found[],
  asked: { resourceGroups: string[]; clusters: string[] },
): Narrowing {
  const groups = organization.filter((f) => f.listed.resourceGroupId === f.listed.importId);
  return {
    groups: asked.resourceGroups.length
      ? resolve(asked.resourceGroups, groups, "resource group")
      : undefined,
    clusters: asked.clusters.length
      ? resolve(asked.clusters, organization.filter(isCluster), "cluster")
      : undefined,
  };
}

/** Whether `f` is inside the narrowing; `clusterById` gives an object's cluster's group. */
export function inside(n: Narrowing, f: Found, clusterById: Map<string, Found>): boolean {
  const clusterId = f.listed.clusterId;
  if (n.clusters && !(clusterId !== undefined && n.clusters.has(clusterId))) return false;
  if (n.groups) {
    const group =
      f.listed.resourceGroupId ??
      (clusterId === undefined ? undefined : clusterById.get(clusterId)?.listed.resourceGroupId);
    if (group === undefined || !n.groups.has(group)) return false;
  }
  return true;
}
