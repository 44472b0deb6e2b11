/**
 * Shadow links (`/v1/shadow-links`): a source cluster mirrored into a shadow Redpanda cluster.
 * Create, update and delete are operations; credentials (SCRAM/PLAIN and Schema Registry
 * passwords, TLS keys) are kept but never shown: a read says `password_set` instead.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { alreadyExists, notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { ShadowLinkRec, World } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";
import { operationView } from "../views";
import { startOperation } from "../accepted-operation";

const NAME = /^[A-Za-z0-9-_]+$/;
const OPTIONS = [
  "client_options",
  "topic_metadata_sync_options",
  "consumer_offset_sync_options",
  "security_sync_options",
  "schema_registry_sync_options",
] as const;
/** Keys whose values are credentials: replaced by what the vendor shows instead. */
const SECRET_KEYS = new Set(["password", "key"]);

const linksOf = (world: World): Record<string, ShadowLinkRec> => (world.shadowLinks ??= {});

/** A value as a read shows it: passwords become `password_set`, keys are left out. */
function shown(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shown);
  if (value === null || typeof value !== "object") return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    if (k === "password") out.password_set = typeof v === "string" && v !== "";
    else if (!SECRET_KEYS.has(k)) out[k] = shown(v);
  }
  return out;
}

function view(l: ShadowLinkRec): Json {
  return {
    ...(shown(l.spec) as Json),
    id: l.id,
    name: l.name,
    shadow_redpanda_id: l.shadow_redpanda_id,
    state: l.state,
    reason: "",
    created_at: l.created_at,
    updated_at: l.updated_at,
  };
}

function checkOptions(check: Checker, spec: Json, sourceId: unknown): void {
  const client = asObject(spec.client_options);
  const servers = client.bootstrap_servers;
  if (sourceId === undefined && (!Array.isArray(servers) || servers.length === 0)) {
    check.fail("client_options.bootstrap_servers", "needed unless source_redpanda_id is set");
  }
  const auth = asObject(client.authentication_configuration);
  if (auth.scram_configuration !== undefined && auth.plain_configuration !== undefined) {
    check.fail("client_options.authentication_configuration", "SCRAM or PLAIN, not both");
  }
  const scram = asObject(auth.scram_configuration);
  if (auth.scram_configuration !== undefined && (!scram.username || !scram.password)) {
    check.fail(
      "client_options.authentication_configuration.scram_configuration",
      "needs username and password",
    );
  }
}

function findLink(ctx: EmulatorContext, id: string): ShadowLinkRec {
  const l = linksOf(ctx.world)[id];
  if (!l) throw notFound(`shadow link ${id}`, "REASON_RESOURCE_NOT_FOUND");
  return l;
}

export function registerShadowLinks(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/shadow-links", (req) => listShadowLinks(ctx, req));
  app.post("/v1/shadow-links", (req, reply) => createShadowLink(ctx, req, reply));
  app.get<{ Params: { id: string } }>("/v1/shadow-links/:id", (req) => getShadowLink(ctx, req));
  app.patch<{ Params: { id: string } }>("/v1/shadow-links/:id", (req, reply) =>
    updateShadowLink(ctx, req, reply),
  );
  app.delete<{ Params: { id: string } }>("/v1/shadow-links/:id", (req, reply) =>
    deleteShadowLink(ctx, req, reply),
  );
}

async function listShadowLinks(ctx: EmulatorContext, req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const list = Object.values(linksOf(ctx.world))
    .filter(
      (l) =>
        q["filter.shadow_redpanda_id"] === undefined ||
        l.shadow_redpanda_id === q["filter.shadow_redpanda_id"],
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((l) => ({
      id: l.id,
      name: l.name,
      shadow_redpanda_id: l.shadow_redpanda_id,
      state: l.state,
    }));
  const { page, next_page_token } = paginate(list, q, 100);
  return { shadow_links: page, next_page_token };
}

async function createShadowLink(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply) {
  const body = unwrap(req.body, "shadow_link");
  const check = new Checker("shadow_link");
  const name = check.str(body, "name", { required: true, max: 128, pattern: NAME }) as string;
  const shadowId = check.str(body, "shadow_redpanda_id", { required: true }) as string;
  checkOptions(check, body, body.source_redpanda_id);
  check.done();
  const shadow = ctx.world.clusters[shadowId];
  if (!shadow) throw notFound(`cluster ${shadowId}`, "REASON_CLUSTER_NOT_FOUND");
  if (shadow.state !== "STATE_READY") {
    throw precondition(`shadow cluster ${shadowId} is ${shadow.state}`, "REASON_CLUSTER_NOT_READY");
  }
  const source = body.source_redpanda_id as string | undefined;
  if (source !== undefined && !ctx.world.clusters[source]) {
    throw notFound(`source cluster ${source}`, "REASON_CLUSTER_NOT_FOUND");
  }
  if (
    Object.values(linksOf(ctx.world)).some(
      (l) => l.name === name && l.shadow_redpanda_id === shadowId,
    )
  ) {
    throw alreadyExists(
      `shadow link ${name} already exists on ${shadowId}`,
      "REASON_RESOURCE_ALREADY_EXISTS",
    );
  }
  const now = ctx.now();
  const spec: Json = {};
  for (const k of [...OPTIONS, "source_redpanda_id"]) if (body[k] !== undefined) spec[k] = body[k];
  const link: ShadowLinkRec = {
    id: xid(),
    name,
    shadow_redpanda_id: shadowId,
    spec,
    state: "STATE_CREATING",
    created_at: nowIso(now),
    updated_at: nowIso(now),
    pending: { next: "STATE_ACTIVE", at: now + ctx.timeline.after("privateLinkTransition") },
  };
  linksOf(ctx.world)[link.id] = link;
  // The vendor's published OperationMetadata lists no shadow-link member: the id travels in
  // `resource_id`.
  return startOperation(ctx, reply, link, "TYPE_CREATE_SHADOW_LINK", undefined, now);
}

async function getShadowLink(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
) {
  return {
    shadow_link: view(findLink(ctx, req.params.id)),
  };
}

async function updateShadowLink(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const link = findLink(ctx, req.params.id);
  if (link.state !== "STATE_ACTIVE" && link.state !== "STATE_PAUSED") {
    throw precondition(`shadow link ${link.id} is ${link.state}`, "REASON_RESOURCE_NOT_READY");
  }
  const body = unwrap(req.body, "shadow_link");
  const next: Json = { ...link.spec };
  for (const k of OPTIONS) if (body[k] !== undefined) next[k] = body[k];
  const check = new Checker("shadow_link");
  checkOptions(check, next, next.source_redpanda_id);
  check.done();
  const now = ctx.now();
  link.spec = next;
  link.updated_at = nowIso(now);
  const op = ctx.timeline.newOperation(
    ctx.world,
    now,
    "TYPE_UPDATE_SHADOW_LINK",
    link.id,
    undefined,
  );
  op.completeAt = now + ctx.timeline.after("privateLinkTransition");
  ctx.touch();
  return reply.code(202).send({ operation: operationView(ctx, op) });
}

async function deleteShadowLink(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const link = findLink(ctx, req.params.id);
  const inFlight = link.opId ? ctx.world.operations[link.opId] : undefined;
  if (link.state === "STATE_DELETING" && inFlight) {
    return reply.code(202).send({ operation: operationView(ctx, inFlight) });
  }
  const now = ctx.now();
  link.state = "STATE_DELETING";
  link.pending = { next: "GONE", at: now + ctx.timeline.after("privateLinkTransition") };
  return startOperation(ctx, reply, link, "TYPE_DELETE_SHADOW_LINK", undefined, now);
}

/**
 * The shadow cluster's data-plane view of its links (`/v1/shadow-links/{name}` in the vendor's
 * data-plane contract) and failover (`POST /v1/shadow-links/{name}/failover`, FailOverBody):
 * with `shadow_topic_name`, that shadow topic; without, every shadow topic of the link. A failed-over
 * topic stops mirroring and takes writes (ShadowTopicState FAILED_OVER); the link itself remains,
 * its state unchanged (ShadowLinkState has only ACTIVE and PAUSED) until it is deleted. Failing over
 * again is harmless: the answer lists the topics failed over. The emulator copies no data, so the
 * link's shadow topics are the shadow cluster's topics.
 */
export function registerDataplaneShadowLinks(app: FastifyInstance, ctx: EmulatorContext): void {
  type Params = { clusterId: string; name: string };
  const find = (clusterId: string, name: string) => {
    const t = dataplaneFor(ctx, clusterId);
    const link = Object.values(linksOf(ctx.world)).find(
      (l) => l.name === name && l.shadow_redpanda_id === clusterId && l.state !== "STATE_DELETING",
    );
    if (!link) throw notFound(`shadow link ${name}`, "REASON_RESOURCE_NOT_FOUND");
    return { link, dp: t.dp };
  };
  const topicState = (link: ShadowLinkRec, topic: string) =>
    link.failed_over || link.failed_over_topics?.includes(topic)
      ? "SHADOW_TOPIC_STATE_FAILED_OVER"
      : "SHADOW_TOPIC_STATE_ACTIVE";
  app.get<{ Params: Params }>("/v1/shadow-links/:name", async (req) => {
    const { link } = find(req.params.clusterId, req.params.name);
    return {
      shadow_link: {
        name: link.name,
        uid: link.id,
        state:
          link.state === "STATE_PAUSED" ? "SHADOW_LINK_STATE_PAUSED" : "SHADOW_LINK_STATE_ACTIVE",
      },
    };
  });
  app.get<{ Params: Params & { topic: string } }>(
    "/v1/shadow-links/:name/topic/:topic",
    async (req) => {
      const { link, dp } = find(req.params.clusterId, req.params.name);
      const topic = dp.topics[req.params.topic];
      if (!topic) throw notFound(`shadow topic ${req.params.topic}`, "REASON_RESOURCE_NOT_FOUND");
      return {
        shadow_topic: {
          topic_name: topic.name,
          state: topicState(link, topic.name),
          total_partitions: topic.partition_count,
        },
      };
    },
  );
  // 202 "Failover accepted and initiated" (the contract); the emulator's is done at once.
  app.post<{ Params: Params }>("/v1/shadow-links/:name/failover", async (req, reply) => {
    const { link, dp } = find(req.params.clusterId, req.params.name);
    if (link.state !== "STATE_ACTIVE" && link.state !== "STATE_PAUSED")
      throw precondition(`shadow link ${link.name} is ${link.state}`, "REASON_RESOURCE_NOT_READY");
    const body = asObject(req.body);
    const check = new Checker("failover");
    const one = check.str(body, "shadow_topic_name", {});
    check.done();
    if (one !== undefined && !dp.topics[one])
      throw notFound(`shadow topic ${one}`, "REASON_RESOURCE_NOT_FOUND");
    const topics = one !== undefined ? [one] : Object.keys(dp.topics).sort();
    if (one === undefined) link.failed_over = true;
    link.failed_over_topics = [...new Set([...(link.failed_over_topics ?? []), ...topics])];
    link.updated_at = nowIso(ctx.now());
    ctx.touch();
    return reply.code(202).send({ name: link.name, failed_over_topics: topics });
  });
}
