/**
 * NetworkPeering: imported as `[<networkId>/]<peeringId>` (a bare peering id, what older
 * migrations wrote, is looked for in every network); migrated as `<networkId>/<peeringId>`; listed
 * per network (the API lists a network's peerings, not the organization's).
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { RedpandaError } from "../../transport/errors";
import { listNetworks } from "../network/api";
import { listNetworkPeerings } from "./api";

export const networkPeeringAdoption: OrganizationAdoption = {
  scope: "organization",
  import: {
    form: "[<networkId>/]<peeringId>",
    parts: 1,
    async seed([rest], _url, clients) {
      const at = rest!.indexOf("/");
      if (at > 0) return { id: rest!.slice(at + 1), props: { networkId: rest!.slice(0, at) } };
      const cp = clients.controlPlane;
      for (const n of await listNetworks(cp)) {
        if ((await listNetworkPeerings(cp, n.id)).some((p) => p.id === rest)) {
          return { id: rest!, props: { networkId: n.id } };
        }
      }
      throw new RedpandaError(`no network has a peering ${rest}`);
    },
  },
  migrate: (s) => `${s.input("networkId")}/${s.id}`,
  async list(clients) {
    const cp = clients.controlPlane;
    const networks = await listNetworks(cp);
    const perNetwork = await Promise.all(
      networks.map(async (n) =>
        (await listNetworkPeerings(cp, n.id)).map((p) => ({
          importId: `${n.id}/${p.id}`,
          name: p.display_name || p.id,
          resourceGroupId: n.resource_group_id,
          internal: false,
        })),
      ),
    );
    return perNetwork.flat();
  },
};
