/** A topic and its configs as the API sends them, and the create body. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../client/wire/dataplane";

export const topicSchema = z.object({
  name: z.string(),
  partition_count: z.number(),
  replication_factor: z.number(),
});
export type Topic = z.infer<typeof topicSchema>;

export const topicConfigSchema = z.object({
  name: z.string(),
  value: z.string().nullish(),
  source: nullableString,
});
export type TopicConfig = z.infer<typeof topicConfigSchema>;

export type TopicCreate = DataPlane["schemas"]["CreateTopicRequest.Topic"];
