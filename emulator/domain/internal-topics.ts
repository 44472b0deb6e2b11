/**
 * What Redpanda keeps for itself in a cluster's topic list, and when each appears. They are real
 * topics of the data plane (listed, described, and through the Kafka API in the broker's metadata),
 * made by the service, never by the API's caller:
 *
 * - `_schemas`: the Schema Registry's store, created by its first request. Every registry route
 *   is wrapped in a one-shot `ensure_started` whose `do_start` creates it with one partition,
 *   `cleanup.policy=compact` and unlimited retention (redpanda-data/redpanda,
 *   src/v/pandaproxy/schema_registry/service.cc, `create_internal_topic`).
 * - `__consumer_offsets`: created by the first FindCoordinator for a consumer group
 *   (src/v/kafka/server/handlers/find_coordinator.cc) with `group_topic_partitions` (16,
 *   src/v/config/configuration.cc) partitions, compacted; the only topic Redpanda's metadata marks
 *   internal (src/v/kafka/server/handlers/metadata.cc, `is_internal`). The emulator's broker makes
 *   it (emulator/kafka/main.go); without a broker there is no Kafka API, hence no consumer group.
 * - `_redpanda.audit_log`: created when the cluster property `audit_enabled` is set ("Redpanda
 *   checks for an existing topic named `_redpanda.audit_log`. If none is found, Redpanda
 *   automatically creates one", configuration.cc) with `audit_log_num_partitions` (12); Redpanda
 *   Cloud sets cluster properties through `cluster_configuration.custom_properties` and supports
 *   audit logging on BYOC and Dedicated clusters (docs.redpanda.com/redpanda-cloud/manage/audit-logging).
 * - Kafka Connect's `_internal_connectors_configs`, `_internal_connectors_offsets` and
 *   `_internal_connectors_status` on clusters with Kafka Connect enabled: the storage topics of the
 *   managed Connect workers (`config.storage.topic` and the others in the worker configuration of
 *   redpanda-data/console's Kafka Connect tests), at Kafka Connect's default partition counts (1, 25,
 *   5), compacted.
 *
 * Which names are internal is the Redpanda Console's list (redpanda-data/console,
 * frontend/src/react-query/api/topic.tsx, `internalTopics`) plus every `_redpanda` / `__redpanda`
 * prefixed name, which the vendor's shadow-link contract sets apart as Redpanda's own
 * (`auto_create_shadow_topic_filters` in the data-plane OpenAPI).
 */
import type { ClusterRec, Dataplane, DpTopic } from "./records";

const CONSOLE_INTERNAL = new Set([
  "__consumer_offsets",
  "__redpanda.connect.logs",
  "__redpanda.connect.status",
  "__redpanda.connectors_logs",
  "_internal_connectors_configs",
  "_internal_connectors_offsets",
  "_internal_connectors_status",
  "_redpanda.audit_log",
  "_redpanda_e2e_probe",
  "_schemas",
]);

/** True for a topic Redpanda keeps for itself (listed, but not the API caller's). */
export function isInternalTopic(name: string): boolean {
  return (
    CONSOLE_INTERNAL.has(name) || name.startsWith("_redpanda") || name.startsWith("__redpanda")
  );
}

/** Redpanda Cloud clusters replicate internal topics three times (`internal_topic_replication`). */
export const INTERNAL_REPLICAS = 3;
const REPLICAS = INTERNAL_REPLICAS;
const compacted = (name: string, partitions: number, extra: Record<string, string> = {}) => ({
  name,
  partition_count: partitions,
  replication_factor: REPLICAS,
  configs: { "cleanup.policy": "compact", ...extra },
});

export const SCHEMAS_TOPIC: DpTopic = compacted("_schemas", 1, {
  "retention.ms": "-1",
  "retention.bytes": "-1",
});

export const CONSUMER_OFFSETS = "__consumer_offsets";

const AUDIT_LOG: DpTopic = {
  name: "_redpanda.audit_log",
  partition_count: 12,
  replication_factor: REPLICAS,
  configs: {},
};

const CONNECT_TOPICS: DpTopic[] = [
  compacted("_internal_connectors_configs", 1),
  compacted("_internal_connectors_offsets", 25),
  compacted("_internal_connectors_status", 5),
];

/** The internal topics a Dedicated or BYOC cluster's settings call for. */
export function clusterInternalTopics(c: ClusterRec): DpTopic[] {
  const properties = (c.spec?.cluster_configuration as { custom_properties?: unknown } | undefined)
    ?.custom_properties as Record<string, unknown> | undefined;
  const audit = properties?.audit_enabled === true || properties?.audit_enabled === "true";
  return [...(c.kafka_connect.enabled ? CONNECT_TOPICS : []), ...(audit ? [AUDIT_LOG] : [])];
}

/** The given topics that the data plane does not hold yet. */
export function missingTopics(dp: Dataplane, topics: DpTopic[]): DpTopic[] {
  return topics.filter((t) => !dp.topics[t.name]);
}

/** Adds the topics to the data plane's table (copies: the constants stay as they are). */
export function addTopics(dp: Dataplane, topics: DpTopic[]): void {
  for (const t of topics) dp.topics[t.name] = structuredClone(t);
}
