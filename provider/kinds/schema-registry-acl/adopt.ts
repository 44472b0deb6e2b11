/**
 * SchemaRegistryAcl: imported as `<clusterId>/<its seven fields joined by |>` (or the registry URL
 * form), the tuple its lifecycle id is; migrated by that id after its cluster's registry URL;
 * listed from the cluster's Schema Registry.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { enumWords, onCluster, sameId, tupleForm, tupleProps } from "../../declare/adopt";
import { isReservedName } from "../user/adopt";
import { schemaRegistryAclsAt } from "./api";

const FIELDS = [
  "resourceType",
  "patternType",
  "resource",
  "principal",
  "host",
  "operation",
  "permission",
] as const;

export const schemaRegistryAclAdoption: ClusterScopedAdoption = {
  scope: "registry",
  import: {
    form: tupleForm(FIELDS),
    parts: 1,
    seed: ([tuple], url) => ({
      id: tuple!,
      props: { schemaRegistryUrl: url, ...tupleProps("a Schema Registry ACL", FIELDS, tuple!) },
    }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await schemaRegistryAclsAt(clients.transport, cluster.url).list({})).map((a) => {
      const tuple = [
        a.resource_type,
        a.pattern_type,
        a.resource,
        a.principal,
        a.host,
        a.operation,
        a.permission,
      ].join("|");
      return {
        importId: onCluster(cluster, tuple),
        name: [
          enumWords(a.permission, ""),
          a.principal,
          enumWords(a.operation, ""),
          "on",
          enumWords(a.resource_type, ""),
          ...(a.pattern_type === "LITERAL" ? [] : [enumWords(a.pattern_type, "")]),
          a.resource,
        ].join(" "),
        clusterId: cluster.id,
        internal: isReservedName(a.principal.slice(a.principal.indexOf(":") + 1)),
      };
    });
  },
};
