/**
 * ServerlessCluster: imported by its id, its create inputs read from the record (its read reports
 * only what can change); migrated by its id; listed from the organization with its addresses; and
 * found by id for the kinds on it (their imports, the vanished-cluster rule).
 */
import type { ClusterFacts, OrganizationAdoption } from "../../declare/adopt";
import { fromRecord, sameId } from "../../declare/adopt";
import * as W from "../../wire/nested-schemas";
import type { ServerlessCluster } from "./api";
import { getServerlessCluster, listServerlessClusters } from "./api";

/** The states in which a Serverless cluster's data plane is going or gone. */
const GOING = new Set(["STATE_DELETING", "STATE_DELETED"]);

const addressesOf = (s: ServerlessCluster) => ({
  dataplaneApiUrl: s.dataplane_api.url,
  schemaRegistryUrl: s.schema_registry?.url ?? "",
});

export const serverlessClusterAdoption: OrganizationAdoption = {
  scope: "organization",
  import: fromRecord(W.ServerlessClusterCreate, (clients, id) =>
    getServerlessCluster(clients.controlPlane, id),
  ),
  migrate: sameId,
  async list(clients) {
    const cp = clients.controlPlane;
    // A listed cluster carries no `dataplane_api` (the vendor sends it on a single GET only, see
    // emulator/views.ts): a READY cluster is read for it, the others have none yet.
    const complete = (s: ServerlessCluster) =>
      s.dataplane_api.url || s.state !== "STATE_READY" ? s : getServerlessCluster(cp, s.id);
    const clusters = await Promise.all((await listServerlessClusters(cp)).map(complete));
    return clusters.map((s) => ({
      importId: s.id,
      name: s.name,
      resourceGroupId: s.resource_group_id,
      // A cluster is on itself: narrowing discovery to it keeps it.
      clusterId: s.id,
      internal: false,
      addresses: addressesOf(s),
    }));
  },
  async cluster(clients, id): Promise<ClusterFacts> {
    const s = await getServerlessCluster(clients.controlPlane, id);
    return { state: s.state, going: GOING.has(s.state), ...addressesOf(s) };
  },
};
