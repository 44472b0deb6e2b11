/**
 * Cluster (Dedicated and BYOC): imported by its id, its create inputs read from the record (its
 * read reports only what can change); migrated by its id; listed from the organization with its
 * addresses; and found by id for the kinds on it (their imports, the vanished-cluster rule).
 */
import type { ClusterFacts, OrganizationAdoption } from "../../declare/adopt";
import { fromRecord, sameId } from "../../declare/adopt";
import * as W from "../../wire/nested-schemas";
import type { Cluster } from "./api";
import { getCluster, listClusters } from "./api";

/** The states in which a cluster's data plane is going or gone. */
const GOING = new Set(["STATE_DELETING", "STATE_DELETING_AGENT", "STATE_DELETED"]);

const addressesOf = (c: Cluster) => ({
  dataplaneApiUrl: c.dataplane_api.url,
  schemaRegistryUrl: c.schema_registry?.url ?? "",
});

export const clusterAdoption: OrganizationAdoption = {
  scope: "organization",
  import: fromRecord(W.ClusterCreate, (clients, id) => getCluster(clients.controlPlane, id)),
  migrate: sameId,
  async list(clients) {
    const cp = clients.controlPlane;
    // A listed cluster carries no `dataplane_api` (the vendor sends it on a single GET only, see
    // emulator/views.ts): a READY cluster is read for it, the others have none yet.
    const complete = (c: Cluster) =>
      c.dataplane_api.url || c.state !== "STATE_READY" ? c : getCluster(cp, c.id);
    const clusters = await Promise.all((await listClusters(cp)).map(complete));
    return clusters.map((c) => ({
      importId: c.id,
      name: c.name,
      resourceGroupId: c.resource_group_id,
      // A cluster is on itself: narrowing discovery to it keeps it.
      clusterId: c.id,
      internal: false,
      addresses: addressesOf(c),
    }));
  },
  async cluster(clients, id): Promise<ClusterFacts> {
    const c = await getCluster(clients.controlPlane, id);
    return { state: c.state, going: GOING.has(c.state), ...addressesOf(c) };
  },
};
