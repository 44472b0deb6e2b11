/**
 * ConnectorSecret: imported as `<clusterId>/[<connect cluster>/]<secret id>` (or the data-plane URL
 * form; the Connect cluster defaults to `redpanda`); migrated as `<connect cluster>/<secret id>`
 * after its cluster's URL; listed per Kafka Connect cluster (never a value).
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { connectPart, onCluster, sameId } from "../../declare/adopt";
import { listConnectClusters } from "../connector/api";
import { withoutKafkaConnect } from "../connector/kafka-connect";
import { listConnectSecrets } from "./api";

export const connectorSecretAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "[<connect cluster>/]<secret id>",
    parts: 1,
    seed: ([rest], url) => {
      const { connect, name } = connectPart(rest!);
      return { id: name, props: { dataplaneApiUrl: url, connectClusterName: connect } };
    },
  },
  // Unset in older state: the kind's default Connect cluster.
  migrate: (s) => `${s.input("connectClusterName", "redpanda")}/${sameId(s)}`,
  list: (clients, cluster) =>
    withoutKafkaConnect(async () => {
      const dp = clients.dataPlane(cluster.url);
      const perConnect = await Promise.all(
        (await listConnectClusters(dp)).map(async (connect) =>
          (await listConnectSecrets(dp, connect)).map((s) => ({
            importId: onCluster(cluster, `${connect}/${s.id}`),
            name: s.id,
            clusterId: cluster.id,
            internal: false,
          })),
        ),
      );
      return perConnect.flat();
    }),
};
