/**
 * Serverless private links (`/v1/serverless/private-links`): an AWS PrivateLink endpoint service
 * for Serverless clusters in one region. Create, update (allowed principals) and delete are
 * long-running operations; the status (endpoint service name, zones) appears once READY. A private
 * link in use by a Serverless cluster cannot be deleted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serverlessRegions } from "../catalog";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { ServerlessPrivateLinkRec } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";
import { operationView } from "../views";
import { startOperation } from "../accepted-operation";
import { findPrivateLink, linksOf } from "../domain/private-links";

const NAME = /^[A-Za-z0-9-_]+$/;
/**
 * The vendor's published OperationMetadata (a oneOf) lists no private-link metadata, so these
 * operations carry none that the contract would accept: the link's id travels in `resource_id`.
 */
const NO_METADATA = undefined;
const PRINCIPAL = /^arn:aws:iam::\d{12}:(root|user\/.+|role\/.+)$/;

function principals(check: Checker, raw: unknown, field: string): string[] {
  const list = Array.isArray(raw) ? raw : [];
  list.forEach((p, i) => {
    if (typeof p !== "string" || !PRINCIPAL.test(p)) {
      check.fail(
        `${field}[${i}]`,
        "must be an AWS principal ARN (arn:aws:iam::<account>:root|user/…|role/…)",
      );
    }
  });
  return list as string[];
}

function view(l: ServerlessPrivateLinkRec): Json {
  const zones = serverlessRegions().some((r) => r.name === l.serverless_region)
    ? ["a", "b", "c"].map((z) => `${l.serverless_region}${z}`)
    : [];
  return {
    id: l.id,
    name: l.name,
    resource_group_id: l.resource_group_id,
    cloudprovider: l.cloudprovider,
    serverless_region: l.serverless_region,
    aws_config: { allowed_principals: l.allowed_principals },
    state: l.state,
    status:
      l.state === "STATE_READY" || l.state === "STATE_UPDATING"
        ? {
            aws: {
              vpc_endpoint_service_name: `com.amazonaws.vpce.${l.serverless_region}.vpce-svc-${l.id}`,
              availability_zones: zones,
            },
          }
        : null,
    created_at: l.created_at,
    updated_at: l.updated_at,
  };
}

export function registerServerlessPrivateLinks(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/serverless/private-links", (req) => listPrivateLinks(ctx, req));
  app.post("/v1/serverless/private-links", (req, reply) => createPrivateLink(ctx, req, reply));
  app.get<{ Params: { id: string } }>("/v1/serverless/private-links/:id", (req) =>
    getPrivateLink(ctx, req),
  );
  app.patch<{ Params: { id: string } }>("/v1/serverless/private-links/:id", (req, reply) =>
    updatePrivateLink(ctx, req, reply),
  );
  app.delete<{ Params: { id: string } }>("/v1/serverless/private-links/:id", (req, reply) =>
    deletePrivateLink(ctx, req, reply),
  );
}

async function listPrivateLinks(ctx: EmulatorContext, req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const list = Object.values(linksOf(ctx.world))
    .filter(
      (l) =>
        q["filter.resource_group_id"] === undefined ||
        l.resource_group_id === q["filter.resource_group_id"],
    )
    .filter(
      (l) =>
        q["filter.serverless_region"] === undefined ||
        l.serverless_region === q["filter.serverless_region"],
    )
    .filter((l) => l.name.includes(String(q["filter.name_contains"] ?? "")))
    .sort((a, b) => a.name.localeCompare(b.name));
  const { page, next_page_token } = paginate(list, q, 100);
  return { serverless_private_links: page.map(view), next_page_token };
}

async function createPrivateLink(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply) {
  const body = unwrap(req.body, "serverless_private_link");
  const check = new Checker("serverless_private_link");
  const name = check.str(body, "name", {
    required: true,
    min: 3,
    max: 128,
    pattern: NAME,
  }) as string;
  const rgId = check.str(body, "resource_group_id", { required: true }) as string;
  const cloud = check.str(body, "cloudprovider", { required: true }) as string;
  const region = check.str(body, "serverless_region", { required: true }) as string;
  if (cloud && cloud !== "CLOUD_PROVIDER_AWS") {
    check.fail(
      "cloudprovider",
      "serverless private links are available on CLOUD_PROVIDER_AWS only",
    );
  }
  const offered = serverlessRegions(ctx.strictCatalog);
  if (region && !offered.some((r) => r.name === region && r.cloudProvider === cloud)) {
    check.fail("serverless_region", `${region} is not a Serverless region of ${cloud}`);
  }
  const allowed = principals(
    check,
    asObject(body.aws_config).allowed_principals,
    "aws_config.allowed_principals",
  );
  check.done();
  if (!ctx.world.resourceGroups[rgId]) {
    throw notFound(`resource group ${rgId}`, "REASON_RESOURCE_GROUP_NOT_FOUND");
  }
  if (Object.values(linksOf(ctx.world)).some((l) => l.name === name)) {
    throw alreadyExists(
      `serverless private link ${name} already exists`,
      "REASON_RESOURCE_ALREADY_EXISTS",
    );
  }
  const now = ctx.now();
  const link: ServerlessPrivateLinkRec = {
    id: xid(),
    name,
    resource_group_id: rgId,
    cloudprovider: cloud,
    serverless_region: region,
    allowed_principals: allowed,
    state: "STATE_CREATING",
    created_at: nowIso(now),
    updated_at: nowIso(now),
    pending: { next: "STATE_READY", at: now + ctx.timeline.after("privateLinkTransition") },
  };
  linksOf(ctx.world)[link.id] = link;
  return startOperation(ctx, reply, link, "TYPE_CREATE_SERVERLESS_PRIVATE_LINK", NO_METADATA, now);
}

async function getPrivateLink(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
) {
  return {
    serverless_private_link: view(findPrivateLink(ctx, req.params.id)),
  };
}

async function updatePrivateLink(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const link = findPrivateLink(ctx, req.params.id);
  if (link.state !== "STATE_READY") {
    throw precondition(
      `serverless private link ${link.id} is ${link.state}`,
      "REASON_RESOURCE_NOT_READY",
    );
  }
  const body = asObject(req.body);
  const check = new Checker("serverless_private_link");
  const allowed = principals(
    check,
    asObject(body.aws_config).allowed_principals,
    "aws_config.allowed_principals",
  );
  check.done();
  const now = ctx.now();
  link.allowed_principals = allowed;
  link.state = "STATE_UPDATING";
  link.updated_at = nowIso(now);
  link.pending = { next: "STATE_READY", at: now + ctx.timeline.after("privateLinkTransition") };
  return startOperation(ctx, reply, link, "TYPE_UPDATE_SERVERLESS_PRIVATE_LINK", NO_METADATA, now);
}

async function deletePrivateLink(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const link = findPrivateLink(ctx, req.params.id);
  const user = Object.values(ctx.world.serverless).find((s) => s.private_link_id === link.id);
  if (user) {
    throw precondition(
      `serverless private link ${link.id} is used by serverless cluster ${user.id}`,
      "REASON_RESOURCE_IN_USE",
    );
  }
  const inFlight = link.opId ? ctx.world.operations[link.opId] : undefined;
  if (link.state === "STATE_DELETING" && inFlight) {
    return reply.code(202).send({ operation: operationView(ctx, inFlight) });
  }
  const now = ctx.now();
  link.state = "STATE_DELETING";
  link.pending = { next: "GONE", at: now + ctx.timeline.after("privateLinkTransition") };
  return startOperation(ctx, reply, link, "TYPE_DELETE_SERVERLESS_PRIVATE_LINK", NO_METADATA, now);
}
