/**
 * OrganizationRole: imported and migrated by its id; listed from the organization, the built-in
 * roles (Reader, Writer, Admin: `is_builtin`, which no program can own) marked internal.
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listOrganizationRoles } from "./api";

export const organizationRoleAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listOrganizationRoles(clients.controlPlane)).map((r) => ({
      importId: r.id,
      name: r.name,
      internal: r.is_builtin === true,
    }));
  },
};
