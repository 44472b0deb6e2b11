/** A network: what the API sends back, and what a create sends. */
import { z } from "zod";
import { nullableString, stringList } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

export const networkSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: z.string(),
  cloud_provider: z.string(),
  region: z.string(),
  cidr_block: nullableString,
  cluster_type: z.string(),
  state: z.string(),
  zones: stringList,
});
export type Network = z.infer<typeof networkSchema>;

export type NetworkCreate = ControlPlane["schemas"]["NetworkCreate"];
