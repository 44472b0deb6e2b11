/**
 * The topic-level properties Redpanda accepts and what their values must be, so a topic's
 * `configs` fail at preview instead of in the cloud. A copy of the facts in
 * emulator/contract/topic-properties.json (their sources are listed there: the vendor's topic
 * property reference and the broker's config handlers); tests/unit/catalog/topic-properties.test.ts
 * checks the two agree.
 */

export type TopicProperty =
  | { type: "integer"; min?: number; max?: number }
  | { type: "number"; min?: number; max?: number }
  | { type: "boolean" }
  | { type: "enum"; values: readonly string[] }
  /** `ignored`: a Kafka config Redpanda accepts and does nothing with. */
  | { type: "string"; ignored?: boolean };

export const TOPIC_PROPERTIES: Readonly<Record<string, TopicProperty>> = {
  "cleanup.policy": { type: "enum", values: ["delete", "compact", "compact,delete", "delete,compact", "none"] },
  "compaction.strategy": { type: "enum", values: ["offset", "timestamp", "header"] },
  "compression.type": { type: "enum", values: ["producer", "none", "uncompressed", "gzip", "snappy", "lz4", "zstd", "count"] },
  "confluent.key.schema.validation": { type: "boolean" },
  "confluent.key.subject.name.strategy": { type: "string" },
  "confluent.value.schema.validation": { type: "boolean" },
  "confluent.value.subject.name.strategy": { type: "string" },
  "delete.retention.ms": { type: "integer" },
  "file.delete.delay.ms": { type: "string", ignored: true },
  "flush.bytes": { type: "integer", min: 1 },
  "flush.messages": { type: "string", ignored: true },
  "flush.ms": { type: "integer", min: 1 },
  "follower.replication.throttled.replicas": { type: "string", ignored: true },
  "index.interval.bytes": { type: "string", ignored: true },
  "initial.retention.local.target.bytes": { type: "integer" },
  "initial.retention.local.target.ms": { type: "integer" },
  "leader.replication.throttled.replicas": { type: "string", ignored: true },
  "max.compaction.lag.ms": { type: "integer" },
  "max.message.bytes": { type: "integer", min: 1, max: 2147483647 },
  "message.downconversion.enable": { type: "string", ignored: true },
  "message.format.version": { type: "string", ignored: true },
  "message.timestamp.after.max.ms": { type: "integer" },
  "message.timestamp.before.max.ms": { type: "integer" },
  "message.timestamp.difference.max.ms": { type: "string", ignored: true },
  "message.timestamp.type": { type: "enum", values: ["CreateTime", "LogAppendTime"] },
  "min.cleanable.dirty.ratio": { type: "number", min: 0,max: 1 },
  "min.compaction.lag.ms": { type: "integer" },
  "min.insync.replicas": { type: "string", ignored: true },
  "preallocate": { type: "string", ignored: true },
  "redpanda.cloud_topic.enabled": { type: "string" },
  "redpanda.iceberg.delete": { type: "boolean" },
  "redpanda.iceberg.invalid.record.action": { type: "enum", values: ["drop", "dlq_table"] },
  "redpanda.iceberg.mode": { type: "string" },
  "redpanda.iceberg.partition.spec": { type: "string" },
  "redpanda.iceberg.target.lag.ms": { type: "integer" },
  "redpanda.key.schema.id.validation": { type: "boolean" },
  "redpanda.key.subject.name.strategy": { type: "string" },
  "redpanda.leaders.preference": { type: "string" },
  "redpanda.remote.allowgaps": { type: "boolean" },
  "redpanda.remote.delete": { type: "boolean" },
  "redpanda.remote.read": { type: "boolean" },
  "redpanda.remote.readreplica": { type: "string" },
  "redpanda.remote.recovery": { type: "boolean" },
  "redpanda.remote.write": { type: "boolean" },
  "redpanda.schema.registry.context": { type: "string" },
  "redpanda.storage.mode": { type: "enum", values: ["local", "tiered", "cloud", "tiered_cloud", "unset"] },
  "redpanda.storage.mode.impl": { type: "enum", values: ["local", "tiered_v1", "tiered_v2", "cloud", "unset"] },
  "redpanda.value.schema.id.validation": { type: "boolean" },
  "redpanda.value.subject.name.strategy": { type: "string" },
  "redpanda.virtual.cluster.id": { type: "string" },
  "replication.factor": { type: "integer", min: 1 },
  "retention.bytes": { type: "integer" },
  "retention.local.target.bytes": { type: "integer" },
  "retention.local.target.ms": { type: "integer" },
  "retention.ms": { type: "integer" },
  "segment.bytes": { type: "integer", min: 1 },
  "segment.index.bytes": { type: "string", ignored: true },
  "segment.jitter.ms": { type: "string", ignored: true },
  "segment.ms": { type: "integer" },
  "unclean.leader.election.enable": { type: "string", ignored: true },
  "write.caching": { type: "enum", values: ["true", "false", "disabled"] },
};
