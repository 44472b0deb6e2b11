/** UserInvite: imported and migrated by its id; listed from the organization, named by e-mail. */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listUserInvites } from "./api";

export const userInviteAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listUserInvites(clients.controlPlane)).map((i) => ({
      importId: i.id,
      name: i.email,
      internal: false,
    }));
  },
};
