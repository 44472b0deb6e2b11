/**
 * Quota: imported as `<clusterId>/<entityType>/<entityName>` (the name empty for the default
 * client: `<clusterId>/<entityType>/`; or the data-plane URL form); migrated by its id after its
 * cluster's URL; listed from the cluster's data plane, one per entity.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { enumWords, onCluster, sameId } from "../../declare/adopt";
import { listAllQuotas } from "./api";

export const quotaAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<entityType>/<entityName>",
    parts: 1,
    seed: ([rest], url) => {
      const at = rest!.indexOf("/");
      const entityType = at > 0 ? rest!.slice(0, at) : rest!;
      const entityName = at > 0 ? rest!.slice(at + 1) : "";
      return {
        id: `${entityType}/${entityName}`,
        props: { dataplaneApiUrl: url, entity: { entityType, entityName }, values: [] },
      };
    },
  },
  migrate: sameId,
  async list(clients, cluster) {
    const entities = new Map<string, string>();
    for (const q of await listAllQuotas(clients.dataPlane(cluster.url))) {
      const type = q.entity?.entity_type ?? "";
      const name = q.entity?.entity_name ?? "";
      entities.set(`${type}/${name}`, `${enumWords(type, "ENTITY_TYPE_")} ${name || "(default)"}`);
    }
    return [...entities].map(([entity, name]) => ({
      importId: onCluster(cluster, entity),
      name,
      clusterId: cluster.id,
      internal: false,
    }));
  },
};
