/**
 * Network: imported by its id, its create inputs read from the record (its read reports only what
 * can change); migrated by its id; listed from the organization.
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { fromRecord, sameId } from "../../declare/adopt";
import * as W from "../../wire/nested-schemas";
import { getNetwork, listNetworks } from "./api";

export const networkAdoption: OrganizationAdoption = {
  scope: "organization",
  import: fromRecord(W.NetworkCreate, (clients, id) => getNetwork(clients.controlPlane, id)),
  migrate: sameId,
  async list(clients) {
    return (await listNetworks(clients.controlPlane)).map((n) => ({
      importId: n.id,
      name: n.name,
      resourceGroupId: n.resource_group_id,
      internal: false,
    }));
  },
};
