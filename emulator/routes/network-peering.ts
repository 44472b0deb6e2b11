/**
 * Network peerings (`/v1/network/{network_id}/network-peerings`): peer a READY Redpanda network
 * with a customer VPC/VNet of the same cloud. Create and delete are long-running operations; a
 * created peering waits in STATE_PENDING_ACCEPTANCE until the customer's side accepts it (the admin
 * hook `/_admin/network-peerings/{id}/accept` stands in for that), then it is READY. There is no
 * update. A network with peerings cannot be deleted.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound, precondition } from "../errors";
import type { NetworkPeeringRec } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";
import { operationView } from "../views";
import { startOperation } from "../accepted-operation";
import { metadata } from "../domain/operations";
import { peeringsOf } from "../domain/peerings";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Each cloud's own naming rules for what the customer side names. */
const SPEC_RULES: Record<string, { key: string; fields: Record<string, RegExp> }> = {
  CLOUD_PROVIDER_AWS: {
    key: "aws",
    fields: { peer_owner_id: /^\d{12}$/, peer_vpc_id: /^vpc-[0-9a-f]{8,17}$/ },
  },
  CLOUD_PROVIDER_GCP: {
    key: "gcp",
    fields: {
      peer_project_id: /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
      peer_vpc_name: /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/,
    },
  },
  CLOUD_PROVIDER_AZURE: {
    key: "azure",
    fields: {
      peer_subscription_id: UUID,
      peer_tenant_id: UUID,
      peer_resource_group: /^[-\w.()]{1,90}$/,
      peer_vnet_name: /^[A-Za-z0-9][-\w.]{0,62}[\w]$/,
    },
  },
};

function findPeering(ctx: EmulatorContext, networkId: string, id: string): NetworkPeeringRec {
  const p = peeringsOf(ctx.world)[id];
  if (!p || p.network_id !== networkId)
    throw notFound(`network peering ${id}`, "REASON_RESOURCE_NOT_FOUND");
  return p;
}

/** What the Redpanda side created, for the customer to accept: known once past CREATING. */
function status(p: NetworkPeeringRec): Json | null {
  if (p.state === "STATE_CREATING" || p.state === "STATE_FAILED") return null;
  const accepted = p.state === "STATE_READY";
  const created = asObject(p.spec.created);
  switch (p.cloud_provider) {
    case "CLOUD_PROVIDER_AWS":
      return {
        cloud_provider: {
          aws: { status: accepted ? "active" : "pending-acceptance", status_message: "" },
        },
        created: { aws: created },
      };
    case "CLOUD_PROVIDER_GCP":
      return {
        cloud_provider: {
          gcp: { status: accepted ? "ACTIVE" : "INACTIVE", status_message: "" },
        },
        created: { gcp: created },
      };
    default:
      return {
        cloud_provider: {
          azure: {
            status: accepted ? "Succeeded" : "Updating",
            peering_state: accepted ? "Connected" : "Initiated",
            peering_level: accepted ? "FullyInSync" : "LocalNotInSync",
          },
        },
        created: { azure: created },
      };
  }
}

function view(p: NetworkPeeringRec): Json {
  const rule = SPEC_RULES[p.cloud_provider];
  return {
    id: p.id,
    network_id: p.network_id,
    display_name: p.display_name,
    cloud_provider: p.cloud_provider,
    ...(rule ? { [rule.key]: p.spec[rule.key] } : {}),
    state: p.state,
    status: status(p),
    created_at: p.created_at,
    updated_at: p.updated_at,
    deleted_at: null,
  };
}

/** The identifiers the Redpanda side creates, per cloud. */
function createdOf(cloud: string, id: string): Json {
  if (cloud === "CLOUD_PROVIDER_AWS")
    return { vpc_peering_connection_id: `pcx-${randomBytes(9).toString("hex").slice(0, 17)}` };
  if (cloud === "CLOUD_PROVIDER_GCP") return { vpc_network_peering_name: `redpanda-${id}` };
  return { application_id: randomUUID(), application_object_id: randomUUID() };
}

export function registerNetworkPeerings(app: FastifyInstance, ctx: EmulatorContext): void {
  // The contract names the create's path parameter `network_peering.network_id`, the others'
  // `network_id`: one URL either way.
  app.get<{ Params: { networkId: string } }>("/v1/network/:networkId/network-peerings", (req) =>
    listPeerings(ctx, req),
  );
  app.post<{ Params: { networkId: string } }>(
    "/v1/network/:networkId/network-peerings",
    (req, reply) => createPeering(ctx, req, reply),
  );
  app.get<{ Params: { networkId: string; id: string } }>(
    "/v1/network/:networkId/network-peerings/:id",
    (req) => getPeering(ctx, req),
  );
  app.delete<{ Params: { networkId: string; id: string } }>(
    "/v1/network/:networkId/network-peerings/:id",
    (req, reply) => deletePeering(ctx, req, reply),
  );
}

async function listPeerings(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { networkId: string } }>,
) {
  if (!ctx.world.networks[req.params.networkId])
    throw notFound(`network ${req.params.networkId}`, "REASON_NETWORK_NOT_FOUND");
  const list = Object.values(peeringsOf(ctx.world))
    .filter((p) => p.network_id === req.params.networkId)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return { network_peerings: list.map(view) };
}

async function createPeering(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { networkId: string } }>,
  reply: FastifyReply,
) {
  const body = unwrap(req.body, "network_peering");
  const check = new Checker("network_peering");
  const name = check.str(body, "display_name", { required: true }) as string;
  const cloud = check.str(body, "cloud_provider", {
    required: true,
    oneOf: Object.keys(SPEC_RULES),
  }) as string;
  // `network_peering.network_id` is bound from the path: a network_id in the body is ignored.
  const rule = SPEC_RULES[cloud];
  const spec: Json = {};
  if (rule) {
    const given = asObject(body[rule.key]);
    const at = new Checker(`network_peering.${rule.key}`);
    for (const [field, pattern] of Object.entries(rule.fields))
      at.str(given, field, { required: true, pattern });
    check.violations.push(...at.violations);
    spec[rule.key] = Object.fromEntries(Object.keys(rule.fields).map((f) => [f, given[f]]));
    for (const other of Object.values(SPEC_RULES))
      if (other.key !== rule.key && body[other.key] !== undefined && body[other.key] !== null)
        check.fail(other.key, `a ${cloud} peering takes only ${rule.key}`);
  }
  check.done();
  const net = ctx.world.networks[req.params.networkId];
  if (!net) throw notFound(`network ${req.params.networkId}`, "REASON_NETWORK_NOT_FOUND");
  if (net.cloud_provider !== cloud)
    throw precondition(
      `network ${net.id} is on ${net.cloud_provider}, not ${cloud}`,
      "REASON_INVALID_CLOUD_PROVIDER",
    );
  if (net.state !== "STATE_READY")
    throw precondition(`network ${net.id} is ${net.state}`, "REASON_RESOURCE_NOT_READY");
  if (Object.values(peeringsOf(ctx.world)).some((p) => p.display_name === name))
    throw alreadyExists(`network peering ${name} already exists`, "REASON_RESOURCE_ALREADY_EXISTS");
  const now = ctx.now();
  const id = xid();
  const p: NetworkPeeringRec = {
    id,
    network_id: net.id,
    display_name: name,
    cloud_provider: cloud,
    spec: { ...spec, created: createdOf(cloud, id) },
    state: "STATE_CREATING",
    created_at: nowIso(now),
    updated_at: nowIso(now),
    pending: {
      next: "STATE_PENDING_ACCEPTANCE",
      at: now + ctx.timeline.after("privateLinkTransition"),
    },
  };
  peeringsOf(ctx.world)[id] = p;
  return startOperation(
    ctx,
    reply,
    p,
    "TYPE_CREATE_NETWORK_PEERING",
    metadata("CreateNetworkPeeringMetadata", { network_peering_id: id }),
    now,
  );
}

async function getPeering(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { networkId: string; id: string } }>,
) {
  return {
    network_peering: view(findPeering(ctx, req.params.networkId, req.params.id)),
  };
}

async function deletePeering(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { networkId: string; id: string } }>,
  reply: FastifyReply,
) {
  const p = findPeering(ctx, req.params.networkId, req.params.id);
  const inFlight = p.opId ? ctx.world.operations[p.opId] : undefined;
  if (p.state === "STATE_DELETING" && inFlight)
    return reply.code(202).send({ operation: operationView(ctx, inFlight) });
  const now = ctx.now();
  p.state = "STATE_DELETING";
  p.updated_at = nowIso(now);
  p.pending = { next: "GONE", at: now + ctx.timeline.after("privateLinkTransition") };
  return startOperation(
    ctx,
    reply,
    p,
    "TYPE_DELETE_NETWORK_PEERING",
    metadata("DeleteNetworkPeeringMetadata"),
    now,
  );
}
