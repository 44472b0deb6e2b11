import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serverlessRegions } from "../catalog";
import type { EmulatorContext } from "../context";
import { notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { ServerlessRec } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import { operationView, serverlessView } from "../views";
import { startOperation } from "../accepted-operation";
import { metadata } from "../domain/operations";
import { findPrivateLink } from "../domain/private-links";

function find(ctx: EmulatorContext, id: string): ServerlessRec {
  const s = ctx.world.serverless[id];
  if (!s) throw notFound("serverless cluster", "REASON_SERVERLESS_CLUSTER_NOT_FOUND");
  return s;
}

/** A private link a cluster may use: it exists, is ready, and is in the cluster's region. */
function usableLink(ctx: EmulatorContext, id: string, region: string): void {
  const link = findPrivateLink(ctx, id);
  if (link.state !== "STATE_READY") {
    throw precondition(
      `serverless private link ${id} is ${link.state}`,
      "REASON_RESOURCE_NOT_READY",
    );
  }
  if (link.serverless_region !== region) {
    throw precondition(
      `serverless private link ${id} is in ${link.serverless_region}, the cluster in ${region}`,
      "REASON_REGION_MISMATCH",
    );
  }
}

/**
 * The endpoints a body asks for, over what the cluster has: public on and private off unless said,
 * at least one on, and private only with a private link.
 */
function networkingOf(
  check: Checker,
  body: Record<string, unknown>,
  current: { public: string; private: string } | undefined,
  linkId = body.private_link_id as string | undefined,
): { public: string; private: string } {
  const asked = asObject(body.networking_config);
  const next = {
    public: (asked.public as string | undefined) ?? current?.public ?? "STATE_ENABLED",
    private: (asked.private as string | undefined) ?? current?.private ?? "STATE_DISABLED",
  };
  if (next.public !== "STATE_ENABLED" && next.private !== "STATE_ENABLED") {
    check.fail("networking_config", "at least one of public and private must be STATE_ENABLED");
  }
  if (next.private === "STATE_ENABLED" && !linkId) {
    check.fail("private_link_id", "a private endpoint needs private_link_id");
  }
  return next;
}

export function registerServerless(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/serverless/clusters", (req) => listServerless(ctx, req));
  app.post("/v1/serverless/clusters", (req, reply) => createServerless(ctx, req, reply));
  app.get<{ Params: { id: string } }>("/v1/serverless/clusters/:id", (req) =>
    getServerless(ctx, req),
  );
  app.patch<{ Params: { id: string } }>("/v1/serverless/clusters/:id", (req, reply) =>
    updateServerless(ctx, req, reply),
  );
  app.delete<{ Params: { id: string } }>("/v1/serverless/clusters/:id", (req, reply) =>
    deleteServerless(ctx, req, reply),
  );
}

async function listServerless(ctx: EmulatorContext, req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const states =
    q["filter.state_in"] === undefined ? undefined : ([] as unknown[]).concat(q["filter.state_in"]);
  const list = Object.values(ctx.world.serverless)
    .filter((s) => !states || states.includes(s.state))
    .filter(
      (s) =>
        q["filter.resource_group_id"] === undefined ||
        s.resource_group_id === q["filter.resource_group_id"],
    )
    .filter((s) => s.name.includes(String(q["filter.name_contains"] ?? "")))
    .sort((a, b) => a.name.localeCompare(b.name));
  const { page, next_page_token } = paginate(list, q, 100);
  return { serverless_clusters: page.map((s) => serverlessView(ctx, s, false)), next_page_token };
}

async function createServerless(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply) {
  const body = unwrap(req.body, "serverless_cluster");
  const check = new Checker("serverless_cluster");
  const name = check.str(body, "name", {
    required: true,
    min: 3,
    max: 128,
    pattern: /^[A-Za-z0-9-_:]+$/,
  });
  const rgId = check.str(body, "resource_group_id", { required: true });
  const region = check.str(body, "serverless_region", {
    required: true,
    oneOf: serverlessRegions(ctx.strictCatalog).map((r) => r.name),
  });
  const tags = asObject(body.tags);
  if (Object.keys(tags).length > 50)
    check.fail("tags", "value must contain no more than 50 pair(s)");
  const networking = networkingOf(check, body, undefined);
  check.done();
  const linkId = body.private_link_id as string | undefined;
  if (linkId !== undefined) usableLink(ctx, linkId, region as string);
  if (!ctx.world.resourceGroups[rgId as string]) {
    throw notFound(`resource group ${rgId}`, "REASON_RESOURCE_GROUP_NOT_FOUND");
  }
  const now = ctx.now();
  const s: ServerlessRec = {
    id: xid(),
    name: name as string,
    resource_group_id: rgId as string,
    serverless_region: region as string,
    tags: tags as Record<string, string>,
    networking_config: networking,
    ...(linkId !== undefined ? { private_link_id: linkId } : {}),
    state: "STATE_CREATING",
    created_at: nowIso(now),
    updated_at: nowIso(now),
    pending: { next: "STATE_READY", at: now + ctx.timeline.after("serverlessCreate") },
  };
  ctx.world.serverless[s.id] = s;
  return startOperation(
    ctx,
    reply,
    s,
    "TYPE_CREATE_SERVERLESS_CLUSTER",
    metadata("CreateServerlessClusterMetadata", { serverless_cluster_id: s.id }),
    now,
  );
}

async function getServerless(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
) {
  return {
    serverless_cluster: serverlessView(ctx, find(ctx, req.params.id), true),
  };
}

async function updateServerless(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const s = find(ctx, req.params.id);
  const body = unwrap(req.body, "serverless_cluster");
  const check = new Checker("serverless_cluster");
  const linkId = (body.private_link_id as string | undefined) ?? s.private_link_id;
  const networking = networkingOf(check, body, s.networking_config, linkId);
  check.done();
  if (body.private_link_id !== undefined) {
    usableLink(ctx, body.private_link_id as string, s.serverless_region);
  }
  if (body.tags !== undefined) s.tags = asObject(body.tags) as Record<string, string>;
  s.networking_config = networking;
  if (linkId !== undefined) s.private_link_id = linkId;
  const now = ctx.now();
  s.updated_at = nowIso(now);
  const op = ctx.timeline.newOperation(
    ctx.world,
    now,
    "TYPE_UPDATE_SERVERLESS_CLUSTER",
    s.id,
    // The vendor's published OperationMetadata (a oneOf) has no serverless-update member:
    // the operation carries no metadata the contract would accept.
    undefined,
  );
  op.completeAt = now;
  ctx.touch();
  return reply.code(202).send({ operation: operationView(ctx, op) });
}

async function deleteServerless(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const s = find(ctx, req.params.id);
  const inFlight = s.opId ? ctx.world.operations[s.opId] : undefined;
  if (s.state === "STATE_DELETING" && inFlight)
    return reply.code(202).send({ operation: operationView(ctx, inFlight) });
  const now = ctx.now();
  s.state = "STATE_DELETING";
  s.pending = { next: "GONE", at: now + ctx.timeline.after("serverlessDelete") };
  return startOperation(
    ctx,
    reply,
    s,
    "TYPE_DELETE_SERVERLESS_CLUSTER",
    metadata("DeleteServerlessClusterMetadata"),
    now,
  );
}
