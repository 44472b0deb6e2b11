/** The lookup of role bindings, for programs (the package exports it; the plugin serves it as a function). */
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import * as api from "./api";

/** A role binding as {@link getRoleBindings} returns it. */
export interface RoleBindingInfo {
  /** The object's id. */
  id: string;
  /** `Reader`, `Writer` or `Admin`. */
  roleName: string;
  /** The user or service account holding the role. */
  accountId: string;
  /** What the role applies to. */
  scope: {
    /** Kind of the scoped resource. */
    resourceType: string;
    /** Id of the scoped resource (empty for the organization). */
    resourceId: string;
  };
}

/** Role bindings, optionally filtered by role name and scope resource type (every page). */
export async function getRoleBindings(
  filter: {
    /** Only bindings of this role (`Reader`, `Writer`, `Admin` or a custom role's name). */
    roleName?: string;
    /** Only bindings whose scope is of this kind (`SCOPE_RESOURCE_TYPE_CLUSTER`, ...). */
    scopeResourceType?: string;
  } = {},
  ctx?: CallContext,
): Promise<RoleBindingInfo[]> {
  const list = await api.listRoleBindings(lookupClients(ctx).controlPlane, filter);
  return list.map((rb) => ({
    id: rb.id,
    roleName: rb.role_name,
    accountId: rb.account_id,
    scope: { resourceType: rb.scope.resource_type, resourceId: rb.scope.resource_id },
  }));
}
