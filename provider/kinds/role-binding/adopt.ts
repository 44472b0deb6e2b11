/**
 * RoleBinding: imported and migrated by its id (its read reports the role, account and scope);
 * listed from the organization, named by what it grants.
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, enumWords, sameId } from "../../declare/adopt";
import { listRoleBindings } from "./api";

export const roleBindingAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listRoleBindings(clients.controlPlane)).map((rb) => {
      const type = enumWords(rb.scope.resource_type, "SCOPE_RESOURCE_TYPE_");
      const on = rb.scope.resource_id ? `${type} ${rb.scope.resource_id}` : type;
      return {
        importId: rb.id,
        name: `${rb.role_name} for ${rb.account_id} on ${on}`,
        internal: false,
      };
    });
  },
};
