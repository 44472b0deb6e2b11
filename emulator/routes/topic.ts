import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CONSUMER_OFFSETS } from "../domain/internal-topics";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { ApiError, invalid } from "../errors";
import { TOPIC_ALREADY_EXISTS, kafkaApiError, kafkaError, topicNotFound } from "../kafka-errors";
import { paginate } from "../paging";
import type { DpTopic } from "../domain/records";
import { checkAlteredConfigs, configsForCreate } from "../topic-properties";
import { Checker, asObject } from "../validate";

type Params = { clusterId: string };
const BROKERS = 3;

/**
 * `replica_assignments`: the vendor's contract (CreateTopicRequest.Topic) says that with them both
 * `partition_count` and `replication_factor` must be -1 (unset is taken as the same); as Kafka's
 * CreateTopics requires, partitions are 0…n-1 once each and every partition has as many distinct
 * replicas, each a broker of the cluster (ids 0…BROKERS-1 here). The counts follow from them.
 */
function replicaAssignments(
  body: Record<string, unknown>,
  partitions: number | undefined,
  rf: number | undefined,
  check: Checker,
): { partitions: number; replicas: number } | undefined {
  const raw = body.replica_assignments;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))
    return undefined;
  const field = "replica_assignments";
  if (!Array.isArray(raw)) {
    check.fail(field, "value must be a list of {partition_id, replica_ids}");
    return undefined;
  }
  if (partitions !== undefined && partitions !== -1)
    check.fail("partition_count", "must be -1 when replica_assignments are given");
  if (rf !== undefined && rf !== -1)
    check.fail("replication_factor", "must be -1 when replica_assignments are given");
  const seen = new Set<number>();
  let replicas: number | undefined;
  for (const item of raw) {
    const a = asObject(item);
    const id = a.partition_id ?? 0;
    const ids = Array.isArray(a.replica_ids) ? a.replica_ids : [];
    if (typeof id !== "number" || !Number.isInteger(id) || id < 0 || seen.has(id)) {
      check.fail(field, `partition_id ${String(id)} is not a new partition number`);
      continue;
    }
    seen.add(id);
    const valid = ids.every(
      (b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) < BROKERS,
    );
    if (ids.length === 0 || !valid || new Set(ids).size !== ids.length)
      check.fail(
        field,
        `partition ${id}: replica_ids must be distinct broker ids 0–${BROKERS - 1}`,
      );
    if (replicas !== undefined && ids.length !== replicas)
      check.fail(
        field,
        `partition ${id} has ${ids.length} replicas; every partition needs ${replicas}`,
      );
    replicas ??= ids.length;
  }
  if ([...seen].some((id) => id >= seen.size))
    check.fail(field, `partition ids must be 0…${seen.size - 1}`);
  return { partitions: seen.size, replicas: replicas ?? 0 };
}

/** Broker defaults every topic reports; only dynamic (explicitly set) configs belong to the user. */
const DEFAULT_CONFIGS: Record<string, string> = {
  "cleanup.policy": "delete",
  "compression.type": "producer",
  "retention.ms": "604800000",
  "retention.bytes": "-1",
  "segment.bytes": "134217728",
  "max.message.bytes": "1048576",
};

function find(dp: { topics: Record<string, DpTopic> }, name: string): DpTopic {
  const t = dp.topics[name];
  if (!t) throw topicNotFound();
  return t;
}

function configView(t: DpTopic): Record<string, unknown>[] {
  const names = new Set([...Object.keys(DEFAULT_CONFIGS), ...Object.keys(t.configs)]);
  return [...names].sort().map((name) => {
    const dynamic = name in t.configs;
    return {
      name,
      type: "CONFIG_TYPE_STRING",
      value: dynamic ? t.configs[name] : DEFAULT_CONFIGS[name],
      source: dynamic ? "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG" : "CONFIG_SOURCE_DEFAULT_CONFIG",
      read_only: false,
      sensitive: false,
      config_synonyms: [],
      documentation: "",
    };
  });
}

function parseConfigList(
  raw: unknown,
  field: string,
): { name: string; value?: string; operation?: string }[] {
  if (!Array.isArray(raw))
    throw invalid([{ field, description: "value must be a list of configurations" }]);
  const check = new Checker();
  const out = raw.map((item, i) => {
    const obj = asObject(item);
    const c = new Checker(`${field}[${i}]`);
    const name = c.str(obj, "name", { required: true, pattern: /^[a-z0-9._]+$/ });
    check.violations.push(...c.violations);
    return {
      name: name ?? "",
      value: obj.value === undefined || obj.value === null ? undefined : String(obj.value),
      operation: obj.operation as string | undefined,
    };
  });
  check.done();
  return out;
}

type Named = { Params: Params & { name: string } };

export function registerDataplaneTopics(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: Params }>("/v1/topics", (req) => listTopics(ctx, req));
  app.post<{ Params: Params }>("/v1/topics", (req, reply) => createTopic(ctx, req, reply));
  app.delete<Named>("/v1/topics/:name", (req, reply) => deleteTopic(ctx, req, reply));
  app.get<Named>("/v1/topics/:name/configurations", (req) => getTopicConfigs(ctx, req));
  app.put<Named>("/v1/topics/:name/configurations", (req) => setTopicConfigs(ctx, req));
  app.patch<Named>("/v1/topics/:name/configurations", (req) => updateTopicConfigs(ctx, req));
  // PATCH adds partitions, PUT sets the count.
  app.patch<Named>("/v1/topics/:name/partitions", (req) => setPartitions(ctx, req, true));
  app.put<Named>("/v1/topics/:name/partitions", (req) => setPartitions(ctx, req, false));
}

async function setPartitions(ctx: EmulatorContext, req: FastifyRequest<Named>, add: boolean) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const t = find(dp, req.params.name);
  const body = asObject(req.body);
  const check = new Checker();
  const count = check.int(body, "partition_count", 1, 100_000);
  if (count === undefined) check.fail("partition_count", "value is required");
  check.done();
  const target = add ? t.partition_count + (count as number) : (count as number);
  if (target < t.partition_count) {
    throw new ApiError(
      "INVALID_ARGUMENT",
      `topic ${t.name} has ${t.partition_count} partitions; the count cannot decrease to ${target}`,
      "REASON_KAFKA_API_ERROR",
    );
  }
  if (body.validate_only !== true) {
    t.partition_count = target;
    ctx.touch();
  }
  return {};
}

async function listTopics(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const q = req.query as Record<string, unknown>;
  const list = Object.values(dp.topics)
    .filter((t) => t.name.includes(String(q["filter.name_contains"] ?? "")))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => ({
      name: t.name,
      // The Kafka metadata's flag, which Redpanda sets for __consumer_offsets alone
      // (src/v/kafka/server/handlers/metadata.cc, `is_internal`; domain/internal-topics.ts).
      internal: t.name === CONSUMER_OFFSETS,
      partition_count: t.partition_count,
      replication_factor: t.replication_factor,
    }));
  const { page, next_page_token } = paginate(list, q, 1000, 100);
  return { topics: page, next_page_token };
}

async function createTopic(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const body = asObject(asObject(req.body).topic ?? req.body);
  const check = new Checker("topic");
  const name = check.str(body, "name", {
    required: true,
    max: 249,
    pattern: /^[a-zA-Z0-9._-]*$/,
  });
  const partitions = check.int(body, "partition_count", -1, 100_000);
  const rf = check.int(body, "replication_factor", -1, 5);
  if (partitions === 0)
    check.fail("partition_count", "value must be greater than 0, or -1 for the cluster default");
  if (rf === 0)
    check.fail("replication_factor", "value must be greater than 0, or -1 for the cluster default");
  const configs = body.configs === undefined ? [] : parseConfigList(body.configs, "topic.configs");
  const assigned = replicaAssignments(body, partitions, rf, check);
  check.done();
  const kept = configsForCreate(configs);
  if (rf !== undefined && rf > BROKERS) {
    throw new ApiError(
      "INVALID_ARGUMENT",
      `replication factor ${rf} exceeds the ${BROKERS} available brokers`,
      "REASON_KAFKA_API_ERROR",
    );
  }
  // The broker's CreateTopics refuses the name: the vendor answers that Kafka error.
  if (dp.topics[name as string]) throw kafkaApiError(kafkaError(TOPIC_ALREADY_EXISTS));
  const topic: DpTopic = {
    name: name as string,
    partition_count:
      assigned?.partitions ?? (partitions === undefined || partitions === -1 ? 1 : partitions),
    replication_factor: assigned?.replicas ?? (rf === undefined || rf === -1 ? BROKERS : rf),
    configs: Object.fromEntries(
      kept.filter((c) => c.value !== undefined).map((c) => [c.name, c.value as string]),
    ),
  };
  const validateOnly = (req.query as Record<string, unknown>).validate_only === "true";
  if (!validateOnly) {
    dp.topics[topic.name] = topic;
    ctx.touch();
  }
  return reply.code(201).send({
    topic_name: topic.name,
    partition_count: topic.partition_count,
    replication_factor: topic.replication_factor,
  });
}

async function deleteTopic(ctx: EmulatorContext, req: FastifyRequest<Named>, reply: FastifyReply) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  find(dp, req.params.name);
  delete dp.topics[req.params.name];
  ctx.touch();
  return reply.code(204).send();
}

async function getTopicConfigs(ctx: EmulatorContext, req: FastifyRequest<Named>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  return { configurations: configView(find(dp, req.params.name)) };
}

async function setTopicConfigs(ctx: EmulatorContext, req: FastifyRequest<Named>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const t = find(dp, req.params.name);
  const list = parseConfigList(req.body, "configurations");
  checkAlteredConfigs(list);
  t.configs = Object.fromEntries(
    list.filter((c) => c.value !== undefined).map((c) => [c.name, c.value as string]),
  );
  ctx.touch();
  return { configurations: configView(t) };
}

async function updateTopicConfigs(ctx: EmulatorContext, req: FastifyRequest<Named>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const t = find(dp, req.params.name);
  const list = parseConfigList(req.body, "configurations");
  checkAlteredConfigs(list.filter((c) => c.operation !== "CONFIG_ALTER_OPERATION_DELETE"));
  for (const c of list) {
    if (c.operation === "CONFIG_ALTER_OPERATION_DELETE") delete t.configs[c.name];
    else if (c.value !== undefined) t.configs[c.name] = c.value;
  }
  ctx.touch();
  return { configurations: configView(t) };
}
