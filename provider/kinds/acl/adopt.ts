/**
 * Acl: imported as `<clusterId>/<its seven fields joined by |>` (or the data-plane URL form), the
 * tuple its lifecycle id is; migrated by that id after its cluster's URL; listed from the cluster's
 * data plane, those of Redpanda's own principals marked internal.
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { enumWords, onCluster, sameId, tupleForm, tupleProps } from "../../declare/adopt";
import { isReservedName } from "../user/adopt";
import { listAcls } from "./api";

const FIELDS = [
  "resourceType",
  "resourcePatternType",
  "resourceName",
  "principal",
  "host",
  "operation",
  "permissionType",
] as const;

export const aclAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: tupleForm(FIELDS),
    parts: 1,
    seed: ([tuple], url) => ({
      id: tuple!,
      props: { dataplaneApiUrl: url, ...tupleProps("an ACL", FIELDS, tuple!) },
    }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    return (await listAcls(clients.dataPlane(cluster.url), {})).map((a) => {
      const tuple = [
        a.resource_type,
        a.resource_pattern_type,
        a.resource_name,
        a.principal,
        a.host,
        a.operation,
        a.permission_type,
      ].join("|");
      const principal = a.principal.slice(a.principal.indexOf(":") + 1);
      return {
        importId: onCluster(cluster, tuple),
        name: [
          enumWords(a.permission_type, "PERMISSION_TYPE_"),
          a.principal,
          enumWords(a.operation, "OPERATION_"),
          "on",
          enumWords(a.resource_type, "RESOURCE_TYPE_"),
          ...(a.resource_pattern_type === "RESOURCE_PATTERN_TYPE_LITERAL"
            ? []
            : [enumWords(a.resource_pattern_type, "RESOURCE_PATTERN_TYPE_")]),
          a.resource_name,
        ].join(" "),
        clusterId: cluster.id,
        internal: isReservedName(principal),
      };
    });
  },
};
