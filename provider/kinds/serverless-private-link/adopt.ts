/** ServerlessPrivateLink: imported and migrated by its id; listed from the organization. */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listServerlessPrivateLinks } from "./api";

export const serverlessPrivateLinkAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listServerlessPrivateLinks(clients.controlPlane)).map((l) => ({
      importId: l.id,
      name: l.name,
      ...(l.resource_group_id ? { resourceGroupId: l.resource_group_id } : {}),
      internal: false,
    }));
  },
};
