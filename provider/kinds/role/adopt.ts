/**
 * Role (a cluster's RBAC role): imported as `<clusterId>/<role name>` (or the data-plane URL form);
 * migrated by its name after its cluster's URL; listed from the cluster's data plane.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { isReservedName } from "../user/adopt";
import { listRoles } from "./api";

export const roleAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<role name>",
    parts: 1,
    seed: ([name], url) => ({ id: name!, props: { dataplaneApiUrl: url, name } }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listRoles(clients.dataPlane(cluster.url))).map((r) => ({
      importId: onCluster(cluster, r.name),
      name: r.name,
      clusterId: cluster.id,
      internal: isReservedName(r.name),
    }));
  },
};
