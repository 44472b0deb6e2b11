/**
 * Topic: configs update in place; partitions grow in place and shrinking replaces; the name and
 * replication factor replace. Only explicitly set configs are the user's: broker defaults never
 * show as drift.
 */
import { z } from "zod";
import type { Topic as ApiTopic, TopicConfig } from "../client/topic";
import type { TopicCreate } from "../client/topic";
import { declareKind } from "./declare";
import type { InputsOf } from "./declare";
import { adoptId, allowDeletion, dataplaneApiUrl } from "./fields";

export const topicKind = declareKind({
  type: "Topic",
  doc: "A Kafka topic.",
  fields: {
    dataplaneApiUrl,
    name: {
      schema: z
        .string()
        .min(1)
        .max(249)
        .regex(
          /^[a-zA-Z0-9._-]+$/,
          "name may contain only letters, digits, '.', '_' and '-' (1 to 249)",
        )
        .refine((n) => n !== "." && n !== "..", 'name cannot be "." or ".."'),
      change: "replace",
      doc: "Topic name, 1–249 of letters, digits, `.`, `_`, `-`",
    },
    partitionCount: {
      schema: z.number().int().positive("partitionCount must be at least 1").optional(),
      change: "update",
      replacesWhen: "it shrinks",
      doc: "Partitions; cluster default when unset (partitions can be added, not removed)",
    },
    replicationFactor: {
      schema: z.number().int().min(1, "replicationFactor must be at least 1").max(5).optional(),
      change: "replace",
      doc: "Replicas, 1–5 (at most the brokers); cluster default when unset",
    },
    configs: {
      schema: z
        .record(
          z
            .string()
            .regex(
              /^[a-z0-9.]+$/,
              "config names are lower-case words with dots, e.g. retention.ms",
            ),
          z.string(),
        )
        .default({}),
      change: "update",
      doc: 'Topic configs, name → value (e.g. `{"retention.ms": "86400000"}`)',
    },
    adoptId: adoptId("Name of an existing topic to manage instead of creating one"),
    allowDeletion,
  },
  clusterKinds: "all",
  outputs: {
    name: { type: "string", doc: "The topic's name." },
    partitionCount: { type: "number | undefined", doc: "Partitions the topic has." },
    configs: {
      type: "Record<string, string>",
      doc: "The topic configs this resource manages (those set in `configs`).",
    },
  },
});

export type TopicInputs = InputsOf<typeof topicKind.fields>;
export type TopicOutputs = TopicInputs & { id: string };

/** A topic as the API reports it, with its explicitly set configs. */
export interface LiveTopic {
  partitionCount: number;
  replicationFactor: number;
  configs: Record<string, string>;
}

export function toApi(i: TopicInputs): TopicCreate {
  return {
    name: i.name,
    partition_count: i.partitionCount,
    replication_factor: i.replicationFactor,
    configs: Object.entries(i.configs).map(([name, value]) => ({ name, value })),
  };
}

/** The topic and its configs set on the topic itself (not defaults the broker supplies). */
export function liveOf(t: ApiTopic, configs: TopicConfig[]): LiveTopic {
  return {
    partitionCount: t.partition_count,
    replicationFactor: t.replication_factor,
    configs: Object.fromEntries(
      configs
        .filter(
          (cfg) =>
            cfg.source === "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG" &&
            cfg.value !== undefined &&
            cfg.value !== null,
        )
        .map((cfg) => [cfg.name, cfg.value as string]),
    ),
  };
}

/** The state a read gives: partitions and replicas only where the user declared them. */
export function fromApi(t: LiveTopic, props: TopicOutputs): TopicOutputs {
  return {
    ...props,
    configs: t.configs,
    ...(props.partitionCount !== undefined ? { partitionCount: t.partitionCount } : {}),
    ...(props.replicationFactor !== undefined ? { replicationFactor: t.replicationFactor } : {}),
  };
}
