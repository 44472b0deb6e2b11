/**
 * Topic: configs update in place; partitions grow in place and shrinking replaces; the name,
 * replication factor and replica assignments replace (CreateTopicRequest.Topic; no update carries
 * assignments). Only explicitly set configs are the user's: broker defaults never
 * show as drift.
 */
import * as z from "zod";
import type { Topic as ApiTopic, TopicConfig } from "./api";
import type { TopicCreate } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, allowDeletion, dataplaneApiUrl } from "../../declare/fields";
import { topicConfigProblem } from "./configs";

export const topicKind = declareKind({
  type: "Topic",
  section: "data plane",
  order: 5,
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
    replicaAssignments: {
      schema: z
        .array(
          z
            .object({
              partitionId: z
                .number()
                .int()
                .min(0)
                .describe("The partition, 0…n-1. Changing it replaces the resource."),
              replicaIds: z
                .array(z.number().int().min(0))
                .min(1, "replicaIds needs at least one broker id")
                .refine((ids) => new Set(ids).size === ids.length, "replicaIds must be distinct")
                .describe("Broker ids holding its replicas. Changing it replaces the resource."),
            })
            .strict(),
        )
        .min(1)
        .optional(),
      change: "replace",
      doc: "Brokers of each partition's replicas (`partitionId`, `replicaIds`), instead of `partitionCount` and `replicationFactor`: partitions 0…n-1 once each, as many replicas each",
    },
    configs: {
      // Checked against the properties Redpanda accepts: an unknown name is refused by the
      // broker's alter (INVALID_CONFIG) and dropped by its create, so it never takes effect.
      schema: z
        .record(z.string(), z.string())
        .superRefine((configs, ctx) => {
          for (const [name, value] of Object.entries(configs)) {
            const problem = topicConfigProblem(name, value);
            if (problem) ctx.addIssue({ code: "custom", message: `configs ${problem}` });
          }
        })
        .default({}),
      change: "update",
      doc: 'Topic configs, name → value (e.g. `{"retention.ms": "86400000"}`)',
    },
    adoptId: adoptId("Name of an existing topic to manage instead of creating one"),
    allowDeletion,
  },
  rules(v, ctx) {
    const assigned = v.replicaAssignments;
    if (!assigned) return;
    // The API: with replica assignments, partition_count and replication_factor must be -1.
    if (v.partitionCount !== undefined || v.replicationFactor !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["replicaAssignments"],
        message:
          "replicaAssignments replace partitionCount and replicationFactor: set one or the other",
      });
    const ids = assigned.map((a) => a.partitionId).sort((a, b) => a - b);
    if (ids.some((id, n) => id !== n))
      ctx.addIssue({
        code: "custom",
        path: ["replicaAssignments"],
        message: `replicaAssignments must name partitions 0…${ids.length - 1} once each`,
      });
    if (new Set(assigned.map((a) => a.replicaIds.length)).size > 1)
      ctx.addIssue({
        code: "custom",
        path: ["replicaAssignments"],
        message: "every partition in replicaAssignments needs as many replicas",
      });
  },
  clusterKinds: "all",
  outputs: {
    name: { schema: z.string(), doc: "The topic's name." },
    partitionCount: { schema: z.number().optional(), doc: "Partitions the topic has." },
    configs: {
      schema: z.record(z.string(), z.string()),
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
  const assigned = i.replicaAssignments;
  return {
    name: i.name,
    // With replica assignments the counts are theirs: the API wants -1 for both.
    partition_count: assigned ? -1 : i.partitionCount,
    replication_factor: assigned ? -1 : i.replicationFactor,
    configs: Object.entries(i.configs).map(([name, value]) => ({ name, value })),
    ...(assigned
      ? {
          replica_assignments: assigned.map((a) => ({
            partition_id: a.partitionId,
            replica_ids: a.replicaIds,
          })),
        }
      : {}),
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
