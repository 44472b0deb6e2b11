/** Group: imported and migrated by its id; listed from the organization. */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listGroups } from "./api";

export const groupAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listGroups(clients.controlPlane)).map((g) => ({
      importId: g.id,
      name: g.name,
      internal: false,
    }));
  },
};
