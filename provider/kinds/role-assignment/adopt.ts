/**
 * RoleAssignment: imported as `<clusterId>/<role name>/<principal>` (or the data-plane URL form);
 * migrated by its id (`<role name>/<principal>`) after its cluster's URL; listed role by role (the
 * API lists a role's members, not the cluster's).
 */
import type { ClusterScopedAdoption } from "../../declare/adopt";
import { onCluster, sameId } from "../../declare/adopt";
import { listRoles } from "../role/api";
import { isReservedName } from "../user/adopt";
import { listRoleMembers } from "./api";

export const roleAssignmentAdoption: ClusterScopedAdoption = {
  scope: "dataplane",
  import: {
    form: "<role name>/<principal>",
    parts: 2,
    seed: ([roleName, principal], url) => ({
      id: `${roleName}/${principal}`,
      props: { dataplaneApiUrl: url, roleName, principal },
    }),
  },
  migrate: sameId,
  async list(clients, cluster) {
    const dp = clients.dataPlane(cluster.url);
    const perRole = await Promise.all(
      (await listRoles(dp)).map(async (r) =>
        (await listRoleMembers(dp, r.name)).map((m) => ({
          importId: onCluster(cluster, `${r.name}/${m.principal}`),
          name: `${m.principal} in ${r.name}`,
          clusterId: cluster.id,
          internal: isReservedName(r.name),
        })),
      ),
    );
    return perRole.flat();
  },
};
