/** A network peering as the API sends it, and its create body. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

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
