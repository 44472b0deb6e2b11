/** A Dedicated or BYOC cluster: the record the API sends, and the create and update bodies. */
import { z } from "zod";
import { nullableString, stringList, urlHolder } from "./schemas";
import type { components as ControlPlane } from "./wire/controlplane";

export const clusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  state: z.string(),
  resource_group_id: z.string(),
  network_id: nullableString,
  cloud_provider: z.string(),
  region: z.string(),
  zones: stringList,
  throughput_tier: z.string(),
  connection_type: nullableString,
  current_redpanda_version: nullableString,
  dataplane_api: urlHolder,
  kafka_api: z
    .object({ seed_brokers: z.array(z.string()).nullish() })
    .nullish()
    .transform((v) => ({ seed_brokers: v?.seed_brokers ?? [] })),
  state_description: z
    .object({ code: z.unknown().optional(), message: z.string().optional() })
    .nullish(),
});
export type Cluster = z.infer<typeof clusterSchema>;

export type ClusterCreate = ControlPlane["schemas"]["ClusterCreate"];
/** The id travels in the path; the body holds only the changed fields. */
export type ClusterUpdate = Omit<ControlPlane["schemas"]["ClusterUpdate"], "id">;
