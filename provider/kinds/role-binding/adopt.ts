/**
 * RoleBinding: imported and migrated by its id (its read reports the role, account and scope);
 * listed from the organization, named by what it grants.
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listRoleBindings } from "./api";

export const roleBindingAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listRoleBindings(clients.controlPlane)).map((rb) => {
      const on = rb.scope.resource_id
        ? `${rb.scope.resource_type} ${rb.scope.resource_id}`
        : rb.scope.resource_type;
      return {
        importId: rb.id,
        name: `${rb.role_name} for ${rb.account_id} on ${on}`,
        internal: false,
      };
    });
  },
};
