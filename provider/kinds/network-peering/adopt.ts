/**
 * NetworkPeering: imported as `[<networkId>/]<peeringId>` (a bare peering id, what older
 * migrations wrote, is looked for in every network), its cloud read from the record; migrated as
 * `<networkId>/<peeringId>`; listed per network (the API lists a network's peerings, not the
 * organization's).
 */
import type { OrganizationAdoption } from "../../declare/adopt";
import { RedpandaError } from "../../transport/errors";
import { listNetworks } from "../network/api";
import { getNetworkPeering, listNetworkPeerings } from "./api";
import type { Clients } from "../../transport/settings";

/** The network a bare peering id is in (what older migrations wrote): every network is asked. */
async function networkOf(clients: Clients, peeringId: string): Promise<string> {
  const cp = clients.controlPlane;
  for (const n of await listNetworks(cp)) {
    if ((await listNetworkPeerings(cp, n.id)).some((p) => p.id === peeringId)) return n.id;
  }
  throw new RedpandaError(`no network has a peering ${peeringId}`);
}

export const networkPeeringAdoption: OrganizationAdoption = {
  scope: "organization",
  import: {
    form: "[<networkId>/]<peeringId>",
    parts: 1,
    async seed([rest], _url, clients) {
      const at = rest!.indexOf("/");
      const id = at > 0 ? rest!.slice(at + 1) : rest!;
      const networkId = at > 0 ? rest!.slice(0, at) : await networkOf(clients, id);
      // The read reports a cloud's block only when the inputs hold one: start from the record's.
      const p = await getNetworkPeering(clients.controlPlane, networkId, id);
      const cloud = (["aws", "gcp", "azure"] as const).filter((c) => p[c]);
      return {
        id,
        props: {
          networkId,
          cloudProvider: p.cloud_provider,
          ...Object.fromEntries(cloud.map((c) => [c, {}])),
        },
      };
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
