/**
 * The control-plane client the provider builds (settings.ts `Clients`): the shared calls of
 * ControlPlaneBase, and the by-name and by-id reads the lookups (provider/lookups.ts) make. Each
 * read is a one-line delegate: the request itself lives in its kind's provider/kinds/<kind>/api.ts.
 */
import { ControlPlaneBase } from "./controlplane";
import { getCluster, listClusters } from "../kinds/cluster/api";
import { getGroup, listGroups } from "../kinds/group/api";
import { getNetwork, listNetworks } from "../kinds/network/api";
import { getOrganizationRole, listOrganizationRoles } from "../kinds/organization-role/api";
import { getResourceGroup, listResourceGroups } from "../kinds/resource-group/api";
import { listRoleBindings } from "../kinds/role-binding/api";
import { getServerlessCluster } from "../kinds/serverless-cluster/api";

/** A kind's API call's arguments after the client. */
type Rest<F> = F extends (c: never, ...args: infer A) => unknown ? A : never;

export class ControlPlaneClient extends ControlPlaneBase {
  listResourceGroups(...a: Rest<typeof listResourceGroups>) {
    return listResourceGroups(this, ...a);
  }
  getResourceGroup(...a: Rest<typeof getResourceGroup>) {
    return getResourceGroup(this, ...a);
  }
  listNetworks(...a: Rest<typeof listNetworks>) {
    return listNetworks(this, ...a);
  }
  getNetwork(...a: Rest<typeof getNetwork>) {
    return getNetwork(this, ...a);
  }
  listClusters(...a: Rest<typeof listClusters>) {
    return listClusters(this, ...a);
  }
  getCluster(...a: Rest<typeof getCluster>) {
    return getCluster(this, ...a);
  }
  getServerlessCluster(...a: Rest<typeof getServerlessCluster>) {
    return getServerlessCluster(this, ...a);
  }
  listRoleBindings(...a: Rest<typeof listRoleBindings>) {
    return listRoleBindings(this, ...a);
  }
  listGroups(...a: Rest<typeof listGroups>) {
    return listGroups(this, ...a);
  }
  getGroup(...a: Rest<typeof getGroup>) {
    return getGroup(this, ...a);
  }
  listOrganizationRoles(...a: Rest<typeof listOrganizationRoles>) {
    return listOrganizationRoles(this, ...a);
  }
  getOrganizationRole(...a: Rest<typeof getOrganizationRole>) {
    return getOrganizationRole(this, ...a);
  }
}
