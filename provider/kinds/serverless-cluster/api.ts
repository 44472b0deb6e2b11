/** A serverless cluster: the record the API sends, and the create and update bodies. */
import { z } from "zod";
import type { components as ControlPlane } from "../../client/wire/controlplane";

export const serverlessClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: z.string(),
  serverless_region: z.string(),
  state: z.string(),
  tags: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
  dataplane_api: z
    .object({ url: z.string().nullish(), private_url: z.string().nullish() })
    .nullish()
    .transform((v) => ({ url: v?.url ?? "", private_url: v?.private_url ?? "" })),
  kafka_api: z
    .object({
      seed_brokers: z.array(z.string()).nullish(),
      private_seed_brokers: z.array(z.string()).nullish(),
    })
    .nullish(),
  schema_registry: z.object({ url: z.string().nullish() }).nullish(),
  console_url: z.string().nullish(),
  networking_config: z.record(z.string(), z.unknown()).nullish(),
  private_link_id: z.string().nullish(),
});
export type ServerlessCluster = z.infer<typeof serverlessClusterSchema>;

export type ServerlessClusterCreate = ControlPlane["schemas"]["ServerlessClusterCreate"];
/** The id travels in the path; the body holds only the changed fields. */
export type ServerlessClusterUpdate = Omit<
  ControlPlane["schemas"]["ServerlessClusterUpdate"],
  "id"
>;
