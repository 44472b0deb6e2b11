/**
 * Schema: imported as `<clusterId>/<subject>` (or `<schemaRegistryUrl>|<subject>`); migrated by its
 * subject after its cluster's registry URL; listed from the cluster's Schema Registry.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { schemaRegistryAt } from "./api";

export const schemaAdoption: ClusterScopedAdoption = {
  scope: "registry",
  import: {
    form: "<subject>",
    parts: 1,
    seed: ([subject], url) => ({ id: subject!, props: { schemaRegistryUrl: url, subject } }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await schemaRegistryAt(clients.transport, cluster.url).subjects()).map((subject) => ({
      importId: onCluster(cluster, subject),
      name: subject,
      clusterId: cluster.id,
      internal: false,
    }));
  },
};
