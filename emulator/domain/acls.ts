/** Data-plane ACLs: which resource types are Kafka's own (the broker holds those ACLs). */

/** Kafka's own ACL resource types (the broker holds these); the vendor adds Schema Registry ones. */
export const KAFKA_RESOURCE_TYPES = [
  "TOPIC",
  "GROUP",
  "CLUSTER",
  "TRANSACTIONAL_ID",
  "DELEGATION_TOKEN",
  "USER",
];
