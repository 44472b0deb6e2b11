/** A Redpanda Connect pipeline: the record the API sends, and the create and update bodies. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../client/wire/dataplane";

export const pipelineSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: nullableString,
  config_yaml: z.string(),
  state: z.string(),
  resources: z
    .object({ cpu_shares: nullableString, memory_shares: nullableString })
    .nullish()
    .transform((v) => v ?? { cpu_shares: "", memory_shares: "" }),
  status: z.object({ error: nullableString }).nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
  url: nullableString.optional(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export type PipelineCreate = DataPlane["schemas"]["PipelineCreate"];
export type PipelineUpdate = DataPlane["schemas"]["PipelineUpdate"];
