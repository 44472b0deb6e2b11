/** ServiceAccount: imported and migrated by its id; listed from the organization. */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listServiceAccounts } from "./api";

export const serviceAccountAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listServiceAccounts(clients.controlPlane)).map((sa) => ({
      importId: sa.id,
      name: sa.name,
      internal: false,
    }));
  },
};
