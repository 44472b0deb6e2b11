/**
 * Secret (a cluster's secret store): imported as `<clusterId>/<secret name>` (or the data-plane URL
 * form); migrated by its name after its cluster's URL; listed from the cluster's data plane (never
 * a value).
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { listSecrets } from "./api";

export const secretAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<secret name>",
    parts: 1,
    seed: ([name], url) => ({ id: name!, props: { dataplaneApiUrl: url, name } }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listSecrets(clients.dataPlane(cluster.url))).map((s) => ({
      importId: onCluster(cluster, s.id),
      name: s.id,
      clusterId: cluster.id,
      internal: false,
    }));
  },
};
