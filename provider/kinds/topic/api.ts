/**
 * A topic and its configs as the API sends them, and the create body.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";

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

const configurationsSchema = z.object({
  configurations: z
    .array(topicConfigSchema)
    .nullish()
    .transform((v) => v ?? []),
});

/** A refresh's reads of many topics share one list (ListCache in transport/dataplane.ts). */
const topicList = (c: DataPlaneClient) =>
  c.listCache(
    "topics",
    async (alone) =>
      new Map((await alone.listAll("/v1/topics", "topics", topicSchema)).map((t) => [t.name, t])),
  );

export async function findTopic(c: DataPlaneClient, name: string): Promise<Topic | undefined> {
  const topics = await c.listAll("/v1/topics", "topics", topicSchema, {
    "filter.name_contains": name,
  });
  return topics.find((t) => t.name === name);
}
/** For a refresh's read: from the shared list. */
export async function readTopic(c: DataPlaneClient, name: string): Promise<Topic | undefined> {
  return (await topicList(c).get()).get(name);
}
export function createTopic(c: DataPlaneClient, topic: TopicCreate): Promise<Topic> {
  topicList(c).invalidate();
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/topics"),
    body: topic,
    idempotent: false,
    schema: z
      .object({
        topic_name: z.string(),
        partition_count: z.number(),
        replication_factor: z.number(),
      })
      .transform((t) => ({
        name: t.topic_name,
        partition_count: t.partition_count,
        replication_factor: t.replication_factor,
      })),
  });
}
export function deleteTopic(c: DataPlaneClient, name: string): Promise<void> {
  topicList(c).invalidate();
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/topics/${encodeURIComponent(name)}`),
    idempotent: true,
  });
}
export async function getTopicConfigs(c: DataPlaneClient, name: string): Promise<TopicConfig[]> {
  const res = await c.transport.request({
    method: "GET",
    url: c.url(`/v1/topics/${encodeURIComponent(name)}/configurations`),
    idempotent: true,
    schema: configurationsSchema,
  });
  return res.configurations;
}
/** Replaces the topic's explicitly set configs with exactly these. */
export async function setTopicConfigs(
  c: DataPlaneClient,
  name: string,
  configs: Record<string, string>,
): Promise<void> {
  await c.transport.request({
    method: "PUT",
    url: c.url(`/v1/topics/${encodeURIComponent(name)}/configurations`),
    body: Object.entries(configs).map(([k, v]) => ({ name: k, value: v })),
    idempotent: true,
    schema: configurationsSchema,
  });
}
export function setTopicPartitions(c: DataPlaneClient, name: string, count: number): Promise<void> {
  topicList(c).invalidate();
  return c.transport.request({
    method: "PUT",
    url: c.url(`/v1/topics/${encodeURIComponent(name)}/partitions`),
    body: { partition_count: count },
    idempotent: true,
  });
}

/** Every topic of the cluster, every page (discovery). */
export function listTopics(c: DataPlaneClient): Promise<Topic[]> {
  return c.listAll("/v1/topics", "topics", topicSchema);
}
