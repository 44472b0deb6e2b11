/**
 * A network peering as the API sends it, and its create body.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { ControlPlaneClient } from "../../transport/controlplane";
import type { Operation } from "../../transport/zod-shapes";
import { operationResponse, wrapped } from "../../transport/zod-shapes";

const loose = z.record(z.string(), z.unknown()).nullish();

export const networkPeeringSchema = z.object({
  id: z.string(),
  network_id: nullableString,
  display_name: nullableString,
  cloud_provider: nullableString,
  aws: loose,
  gcp: loose,
  azure: loose,
  state: nullableString,
  status: z
    .object({
      cloud_provider: z.object({ aws: loose, gcp: loose, azure: loose }).nullish(),
      created: z.object({ aws: loose, gcp: loose, azure: loose }).nullish(),
    })
    .nullish(),
});
export type NetworkPeering = z.infer<typeof networkPeeringSchema>;

export type NetworkPeeringCreate = NonNullable<
  ControlPlane["schemas"]["CreateNetworkPeeringBody"]["network_peering"]
>;

export function createNetworkPeering(
  c: ControlPlaneClient,
  networkId: string,
  peering: NetworkPeeringCreate,
): Promise<Operation> {
  return c.transport.request({
    method: "POST",
    url: c.url(`/v1/network/${encodeURIComponent(networkId)}/network-peerings`),
    body: { network_peering: peering },
    idempotent: false,
    schema: operationResponse,
  });
}
export function getNetworkPeering(
  c: ControlPlaneClient,
  networkId: string,
  id: string,
): Promise<NetworkPeering> {
  return c.get(
    `/v1/network/${encodeURIComponent(networkId)}/network-peerings/${encodeURIComponent(id)}`,
    wrapped("network_peering", networkPeeringSchema),
  );
}
export function listNetworkPeerings(
  c: ControlPlaneClient,
  networkId: string,
): Promise<NetworkPeering[]> {
  // Not paged: the contract lists no page parameters for this collection.
  return c.get(
    `/v1/network/${encodeURIComponent(networkId)}/network-peerings`,
    z
      .object({ network_peerings: z.array(networkPeeringSchema).nullish() })
      .transform((r) => r.network_peerings ?? []),
  );
}
export function deleteNetworkPeering(
  c: ControlPlaneClient,
  networkId: string,
  id: string,
): Promise<Operation> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(
      `/v1/network/${encodeURIComponent(networkId)}/network-peerings/${encodeURIComponent(id)}`,
    ),
    idempotent: true,
    schema: operationResponse,
  });
}
