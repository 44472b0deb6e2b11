/**
 * ShadowLink: imported and migrated by its id; listed from the organization (the control plane's
 * shadow links), each with the shadow cluster it runs on.
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { byId, sameId } from "../../declare/adopt";
import { listShadowLinks } from "./api";

export const shadowLinkAdoption: OrganizationAdoption = {
  scope: "organization",
  import: byId,
  migrate: sameId,
  async list(clients) {
    return (await listShadowLinks(clients.controlPlane)).map((l) => ({
      importId: l.id,
      name: l.name,
      ...(l.shadow_redpanda_id ? { clusterId: l.shadow_redpanda_id } : {}),
      internal: false,
    }));
  },
};
