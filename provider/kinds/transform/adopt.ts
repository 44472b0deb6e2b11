/**
 * Transform: imported as `<clusterId>/<transform name>` (or `<dataplaneApiUrl>|<transform name>`);
 * migrated by its name after its cluster's URL; listed from the cluster's data plane. The API never
 * returns a module, so an import holds no `wasmPath` (the kind's write-only input).
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { listTransforms } from "./api";

export const transformAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<transform name>",
    parts: 1,
    seed: ([name], url) => ({ id: name!, props: { dataplaneApiUrl: url, name } }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listTransforms(clients.dataPlane(cluster.url))).map((t) => ({
      importId: onCluster(cluster, t.name),
      name: t.name,
      clusterId: cluster.id,
      internal: false,
    }));
  },
};
