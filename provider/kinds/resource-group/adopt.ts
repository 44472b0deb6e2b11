/** ResourceGroup: imported and migrated by its id; listed from the organization (each in itself). */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listResourceGroups } from "./api";

export const resourceGroupAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listResourceGroups(clients.controlPlane)).map((rg) => ({
      importId: rg.id,
      name: rg.name,
      // A group is in itself: narrowing discovery to it keeps it, and its name finds its id.
      resourceGroupId: rg.id,
      internal: false,
    }));
  },
};
