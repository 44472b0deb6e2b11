/**
 * Pipeline: imported as `<clusterId>/<pipeline id>` (or the data-plane URL form); migrated by its
 * id after its cluster's URL; listed from the cluster's data plane, named by its display name.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { listPipelines } from "./api";

export const pipelineAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<pipeline id>",
    parts: 1,
    seed: ([id], url) => ({ id: id!, props: { dataplaneApiUrl: url } }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listPipelines(clients.dataPlane(cluster.url))).map((p) => ({
      importId: onCluster(cluster, p.id),
      name: p.display_name,
      clusterId: cluster.id,
      internal: false,
    }));
  },
};
