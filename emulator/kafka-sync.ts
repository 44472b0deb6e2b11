/**
 * The data plane's tables as a view of the broker: `pullFromBroker` replaces topics, SCRAM users,
 * Kafka ACLs and client quotas with what the broker describes (so a change made with any Kafka client is what the API
 * reads back), and `changeSince` turns what a handler did to those tables into the Kafka admin
 * requests that make the broker agree. Schema Registry ACLs (REGISTRY, SUBJECT) are not Kafka's:
 * they stay in the table only.
 */
import type { BrokerAcl, BrokerChange, BrokerScope, BrokerState } from "./kafka-broker";
import { KAFKA_RESOURCE_TYPES } from "./domain/acls";
import { INTERNAL_REPLICAS, isInternalTopic } from "./domain/internal-topics";
import type { Dataplane, DpAcl, DpTopic, DpUser, QuotaRec } from "./domain/records";

/** Kafka's ACL resource types; the vendor's enum adds Schema Registry ones (REGISTRY, SUBJECT). */
const KAFKA_ACL_TYPES = new Set(KAFKA_RESOURCE_TYPES);

/** The part of a data plane the broker owns, as it stood before a handler ran. */
export interface BrokerOwnedTables {
  topics: Record<string, DpTopic>;
  users: Record<string, DpUser>;
  acls: DpAcl[];
  quotas: QuotaRec[];
}

/**
 * The API's quota entity types and value types in Kafka's names (Redpanda's client-id prefix is
 * its own entity type, `client-id-prefix`; the empty client id is the default entity).
 */
const QUOTA_ENTITY: Record<string, string> = {
  ENTITY_TYPE_CLIENT_ID: "client-id",
  ENTITY_TYPE_CLIENT_ID_PREFIX: "client-id-prefix",
};
const QUOTA_VALUE: Record<string, string> = {
  VALUE_TYPE_PRODUCER_BYTE_RATE: "producer_byte_rate",
  VALUE_TYPE_CONSUMER_BYTE_RATE: "consumer_byte_rate",
  VALUE_TYPE_CONTROLLER_MUTATION_RATE: "controller_mutation_rate",
};
const reverse = (m: Record<string, string>) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k]));
const QUOTA_ENTITY_API = reverse(QUOTA_ENTITY);
const QUOTA_VALUE_API = reverse(QUOTA_VALUE);
const quotaKey = (q: QuotaRec) => `${q.entity_type}/${q.entity_name}`;

const strip = (value: string, prefix: string) =>
  value.startsWith(prefix) ? value.slice(prefix.length) : value;

export function toBrokerAcl(a: DpAcl): BrokerAcl {
  return {
    resource_type: strip(a.resource_type, "RESOURCE_TYPE_"),
    resource_name: a.resource_name,
    pattern_type: strip(a.resource_pattern_type, "RESOURCE_PATTERN_TYPE_"),
    principal: a.principal,
    host: a.host,
    operation: strip(a.operation, "OPERATION_"),
    permission: strip(a.permission_type, "PERMISSION_TYPE_"),
  };
}

function fromBrokerAcl(a: BrokerAcl): DpAcl {
  return {
    resource_type: `RESOURCE_TYPE_${a.resource_type}`,
    resource_name: a.resource_name,
    resource_pattern_type: `RESOURCE_PATTERN_TYPE_${a.pattern_type}`,
    principal: a.principal,
    host: a.host,
    operation: `OPERATION_${a.operation}`,
    permission_type: `PERMISSION_TYPE_${a.permission}`,
  };
}

/** The vendor's `SASL_MECHANISM_SCRAM_SHA_256` is Kafka's `SCRAM-SHA-256`. */
const toKafkaMechanism = (m: string) => strip(m, "SASL_MECHANISM_").replace(/_/g, "-");
const fromKafkaMechanism = (m: string) => `SASL_MECHANISM_${m.replace(/-/g, "_")}`;

const isKafkaAcl = (a: DpAcl) => KAFKA_ACL_TYPES.has(strip(a.resource_type, "RESOURCE_TYPE_"));
const aclKey = (a: DpAcl) => JSON.stringify(toBrokerAcl(a));

/**
 * Replaces the broker-owned tables in `scope` (all when omitted; with a topic, that topic's entry)
 * with the broker's state; returns a copy of every broker-owned table as it now stands.
 */
export function pullFromBroker(
  dp: Dataplane,
  state: BrokerState,
  scope: BrokerScope = {},
): BrokerOwnedTables {
  const parts = new Set(scope.parts ?? ["topics", "users", "acls", "quotas"]);
  const topics = Object.fromEntries(
    state.topics.map((t) => [
      t.name,
      {
        name: t.name,
        partition_count: t.partitions,
        // One replica in the emulated broker; the API reports the factor it was asked for, and
        // the cloud's for a topic the service made in the broker (__consumer_offsets).
        replication_factor:
          dp.topics[t.name]?.replication_factor ??
          (isInternalTopic(t.name) ? INTERNAL_REPLICAS : t.replication_factor),
        configs: { ...t.configs },
      },
    ]),
  );
  if (parts.has("topics") && scope.topic !== undefined) {
    const one = topics[scope.topic];
    if (one) dp.topics[scope.topic] = one;
    else delete dp.topics[scope.topic];
  } else if (parts.has("topics")) dp.topics = topics;
  if (parts.has("users")) pullUsers(dp, state);
  if (parts.has("acls"))
    dp.acls = [...dp.acls.filter((a) => !isKafkaAcl(a)), ...state.acls.map(fromBrokerAcl)];
  if (parts.has("quotas")) pullQuotas(dp, state);
  return structuredClone({
    topics: dp.topics,
    users: dp.users,
    acls: dp.acls,
    quotas: dp.quotas ?? [],
  });
}

function pullUsers(dp: Dataplane, state: BrokerState): void {
  const users: Record<string, DpUser> = {};
  for (const u of state.users) {
    const known = dp.users[u.name];
    // Passwords cannot be read from Kafka: the table keeps what this API was last told.
    const mechanisms = u.mechanisms.map(fromKafkaMechanism);
    const mechanism =
      known && mechanisms.includes(known.mechanism) ? known.mechanism : (mechanisms[0] ?? "");
    users[u.name] = { name: u.name, mechanism, password: known?.password ?? "" };
  }
  dp.users = users;
}

function pullQuotas(dp: Dataplane, state: BrokerState): void {
  // Entities and value types the API cannot name (user, ip, request_percentage) are left out.
  dp.quotas = state.quotas.flatMap((q) => {
    const entity_type = QUOTA_ENTITY_API[q.entity_type];
    const values = Object.fromEntries(
      Object.entries(q.values)
        .filter(([k]) => QUOTA_VALUE_API[k])
        .map(([k, v]) => [QUOTA_VALUE_API[k]!, v]),
    );
    if (!entity_type || Object.keys(values).length === 0) return [];
    return [{ entity_type, entity_name: q.entity_name ?? "", values }];
  });
}

/** What a handler changed in the broker-owned tables since `before`, as Kafka admin requests. */
export function changeSince(before: BrokerOwnedTables, dp: Dataplane): BrokerChange {
  const change: Required<BrokerChange> = {
    create_topics: [],
    delete_topics: [],
    set_partitions: {},
    set_configs: {},
    upsert_users: [],
    delete_users: [],
    create_acls: [],
    delete_acls: [],
    set_quotas: [],
  };
  for (const t of Object.values(dp.topics)) {
    const was = before.topics[t.name];
    if (!was) {
      change.create_topics.push({
        name: t.name,
        partitions: t.partition_count,
        replication_factor: t.replication_factor,
        configs: t.configs,
      });
      continue;
    }
    if (t.partition_count !== was.partition_count)
      change.set_partitions[t.name] = t.partition_count;
    const set: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(t.configs)) if (was.configs[k] !== v) set[k] = v;
    for (const k of Object.keys(was.configs)) if (!(k in t.configs)) set[k] = null;
    if (Object.keys(set).length > 0) change.set_configs[t.name] = set;
  }
  for (const name of Object.keys(before.topics))
    if (!dp.topics[name]) change.delete_topics.push(name);

  for (const u of Object.values(dp.users)) {
    const was = before.users[u.name];
    if (was && was.mechanism !== u.mechanism)
      change.delete_users.push({ name: u.name, mechanism: toKafkaMechanism(was.mechanism) });
    if (!was || was.password !== u.password || was.mechanism !== u.mechanism)
      change.upsert_users.push({
        name: u.name,
        mechanism: toKafkaMechanism(u.mechanism),
        password: u.password,
      });
  }
  for (const u of Object.values(before.users))
    if (!dp.users[u.name])
      change.delete_users.push({ name: u.name, mechanism: toKafkaMechanism(u.mechanism) });

  const now = new Set(dp.acls.filter(isKafkaAcl).map(aclKey));
  const then = new Set(before.acls.filter(isKafkaAcl).map(aclKey));
  for (const a of dp.acls.filter(isKafkaAcl))
    if (!then.has(aclKey(a))) change.create_acls.push(toBrokerAcl(a));
  for (const a of before.acls.filter(isKafkaAcl))
    if (!now.has(aclKey(a))) change.delete_acls.push(toBrokerAcl(a));

  const quotasNow = new Map((dp.quotas ?? []).map((q) => [quotaKey(q), q]));
  const quotasThen = new Map(before.quotas.map((q) => [quotaKey(q), q]));
  for (const key of new Set([...quotasNow.keys(), ...quotasThen.keys()])) {
    const now = quotasNow.get(key)?.values ?? {};
    const then = quotasThen.get(key)?.values ?? {};
    const set: Record<string, number | null> = {};
    for (const [k, v] of Object.entries(now)) if (then[k] !== v) set[QUOTA_VALUE[k] ?? k] = v;
    for (const k of Object.keys(then)) if (!(k in now)) set[QUOTA_VALUE[k] ?? k] = null;
    if (Object.keys(set).length === 0) continue;
    const q = (quotasNow.get(key) ?? quotasThen.get(key))!;
    change.set_quotas.push({
      entity_type: QUOTA_ENTITY[q.entity_type] ?? q.entity_type,
      entity_name: q.entity_name === "" ? null : q.entity_name,
      set,
    });
  }
  return change;
}

/** True when a change asks nothing of the broker. */
export function isEmptyChange(c: BrokerChange): boolean {
  return Object.values(c).every((v) =>
    Array.isArray(v) ? v.length === 0 : Object.keys(v as object).length === 0,
  );
}
