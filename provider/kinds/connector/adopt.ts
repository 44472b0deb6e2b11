/**
 * Connector: imported as `<clusterId>/[<connect cluster>/]<connector name>` (or the data-plane URL
 * form; the Connect cluster is `redpanda` on Redpanda Cloud, the input's default); migrated as
 * `<connect cluster>/<name>` after its cluster's URL; listed per Kafka Connect cluster.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { connectPart, onCluster, sameId } from "../../declare/adopt";
import { listConnectClusters, listConnectors } from "./api";
import { withoutKafkaConnect } from "./kafka-connect";

export const connectorAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "[<connect cluster>/]<connector name>",
    parts: 1,
    seed: ([rest], url) => {
      const { connect, name } = connectPart(rest!);
      return { id: name, props: { dataplaneApiUrl: url, connectClusterName: connect, name } };
    },
  },
  // Unset in older state: the kind's default Connect cluster.
  migrate: (s) => `${s.input("connectClusterName", "redpanda")}/${sameId(s)}`,
  list: (clients, cluster) =>
    withoutKafkaConnect(async () => {
      const dp = clients.dataPlane(cluster.url);
      const perConnect = await Promise.all(
        (await listConnectClusters(dp)).map(async (connect) =>
          (await listConnectors(dp, connect)).map((name) => ({
            importId: onCluster(cluster, `${connect}/${name}`),
            name,
            clusterId: cluster.id,
            internal: false,
          })),
        ),
      );
      return perConnect.flat();
    }),
};
