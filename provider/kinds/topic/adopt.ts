/**
 * Topic: imported as `<clusterId>/<topic name>` (or `<dataplaneApiUrl>|<topic name>`); migrated by
 * its name after its cluster's URL; listed from the cluster's data plane, Redpanda's own topics
 * marked internal.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { listTopics } from "./api";

/**
 * Topics Redpanda and its services keep for themselves: `__consumer_offsets` and other `__` names,
 * `_schemas` (the Schema Registry), `_redpanda.*` (audit log, transforms),
 * `_internal_connectors_*` (Kafka Connect's configs, offsets and status).
 */
export function isInternalTopic(name: string): boolean {
  return /^(__|_schemas|_redpanda[._]|_internal_connectors)/.test(name);
}

export const topicAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  // Placeholders for the optional counts make the read report them live.
  import: {
    form: "<topic name>",
    parts: 1,
    seed: ([name], url) => ({
      id: name!,
      props: { dataplaneApiUrl: url, name, partitionCount: 1, replicationFactor: 1 },
    }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listTopics(clients.dataPlane(cluster.url))).map((t) => ({
      importId: onCluster(cluster, t.name),
      name: t.name,
      clusterId: cluster.id,
      internal: isInternalTopic(t.name),
    }));
  },
};
