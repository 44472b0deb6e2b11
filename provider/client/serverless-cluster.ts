/** A serverless cluster: the record the API sends, and the create and update bodies. */
import { z } from "zod";
import { urlHolder } from "./schemas";
import type { components as ControlPlane } from "./wire/controlplane";

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
  dataplane_api: urlHolder,
});
export type ServerlessCluster = z.infer<typeof serverlessClusterSchema>;

export type ServerlessClusterCreate = ControlPlane["schemas"]["ServerlessClusterCreate"];
/** The id travels in the path; the body holds only the changed fields. */
export type ServerlessClusterUpdate = Omit<
  ControlPlane["schemas"]["ServerlessClusterUpdate"],
  "id"
>;
