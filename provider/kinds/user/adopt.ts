/**
 * User (a cluster's SASL user): imported as `<clusterId>/<user name>` (or the data-plane URL form);
 * migrated by its name after its cluster's URL; listed from the cluster's data plane.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { listUsers } from "./api";

/** Principals under Redpanda's reserved `__` prefix are its own, not a program's. */
export const isReservedName = (name: string): boolean => name.startsWith("__");

export const userAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<user name>",
    parts: 1,
    seed: ([name], url) => ({ id: name!, props: { dataplaneApiUrl: url, name } }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listUsers(clients.dataPlane(cluster.url))).map((u) => ({
      importId: onCluster(cluster, u.name),
      name: u.name,
      clusterId: cluster.id,
      internal: isReservedName(u.name),
    }));
  },
};
