import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allTiers, findRegion } from "../catalog";
import type { ClusterType } from "../catalog";
import type { EmulatorContext } from "../context";
import { ApiError, notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { ClusterRec, NetworkRec } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import type { Json } from "../validate";
import { Checker, asObject, unwrap } from "../validate";
import { applyUpdate, checkSpec, specOf } from "../cluster-spec";
import { findNetwork } from "../domain/networks";
import { clusterView, operationView } from "../views";
import { startOperation } from "../accepted-operation";
import { metadata } from "../domain/operations";
import { ensureInternalTopics } from "../domain/ensure-topics";
import { clusterInternalTopics } from "../domain/internal-topics";

const NAME = { required: true, min: 3, max: 128, pattern: /^[A-Za-z0-9-:_]+$/ };

export function findCluster(ctx: EmulatorContext, id: string): ClusterRec {
  const c = ctx.world.clusters[id];
  if (!c) throw notFound("cluster", "REASON_CLUSTER_NOT_FOUND");
  return c;
}

function checkTier(
  strict: boolean | undefined,
  check: Checker,
  cloud: string,
  region: string,
  type: string,
  tier: string | undefined,
): void {
  if (!tier) return;
  if (!allTiers(strict).has(tier)) {
    check.fail("throughput_tier", `throughput tier ${tier} does not exist`);
    return;
  }
  const offered = findRegion(cloud, region, strict)?.tiers[type as ClusterType];
  if (offered && !offered.includes(tier)) {
    throw precondition(
      `throughput tier ${tier} is not available for ${type} clusters in ${region}; available: ${offered.join(", ")}`,
      "REASON_THROUGHPUT_TIER_NOT_AVAILABLE_IN_REGION",
    );
  }
}

/** What an update does, as the vendor's UpdateClusterMetadata says: scaling, configuration, or both. */
function updateTypes(body: Record<string, unknown>): string[] {
  const keys = Object.keys(body).filter((k) => k !== "id");
  const scaling = keys.some((k) => k === "throughput_tier" || k === "redpanda_node_count");
  const config = keys.some((k) => k !== "throughput_tier" && k !== "redpanda_node_count");
  return [
    ...(scaling ? ["UPDATE_CLUSTER_TYPE_SCALING"] : []),
    ...(config ? ["UPDATE_CLUSTER_TYPE_CUSTOMER_CONFIG"] : []),
  ];
}

type IdRoute = { Params: { id: string } };
type ById = FastifyRequest<IdRoute>;

export function registerClusters(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/clusters", (req) => listClusters(ctx, req));
  app.post("/v1/clusters", (req, reply) => createCluster(ctx, req, reply));
  app.get<IdRoute>("/v1/clusters/:id", (req) => getCluster(ctx, req));
  app.patch<IdRoute>("/v1/clusters/:id", (req, reply) => updateCluster(ctx, req, reply));
  app.delete<IdRoute>("/v1/clusters/:id", (req, reply) => deleteCluster(ctx, req, reply));
}

async function listClusters(ctx: EmulatorContext, req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const list = Object.values(ctx.world.clusters)
    .filter(
      (c) =>
        q["filter.resource_group_id"] === undefined ||
        c.resource_group_id === q["filter.resource_group_id"],
    )
    .filter((c) => q["filter.network_id"] === undefined || c.network_id === q["filter.network_id"])
    .filter((c) => q["filter.region"] === undefined || c.region === q["filter.region"])
    .filter(
      (c) =>
        q["filter.cloud_provider"] === undefined || c.cloud_provider === q["filter.cloud_provider"],
    )
    .filter((c) => c.name.includes(String(q["filter.name_contains"] ?? "")))
    .sort((a, b) => a.name.localeCompare(b.name));
  const { page, next_page_token } = paginate(list, q, 100);
  return { clusters: page.map((c) => clusterView(ctx, c, false)), next_page_token };
}

/** A create request's fields, checked as far as the request alone can be. */
interface CreateRequest {
  body: Json;
  name: string;
  rgId: string;
  networkId: string;
  cloud: string;
  region: string;
  type: string;
  tier: string | undefined;
  connection: string | undefined;
  version: string | undefined;
  zones: string[];
  spec: Record<string, unknown>;
}

function readCreate(ctx: EmulatorContext, req: FastifyRequest): CreateRequest {
  const body = unwrap(req.body, "cluster");
  const check = new Checker("cluster");
  const name = check.str(body, "name", NAME);
  // Presence and enum values were checked against the vendor's schema (request-contract); what
  // the schema does not say (id and version formats, unique zones) is checked here.
  const rgId = check.str(body, "resource_group_id");
  const networkId = check.str(body, "network_id", { pattern: /^[a-v0-9]{20}$/ });
  const cloud = check.str(body, "cloud_provider");
  const region = check.str(body, "region");
  const type = check.str(body, "type");
  const tier = check.str(body, "throughput_tier");
  const connection = check.str(body, "connection_type");
  const version = check.str(body, "redpanda_version", { pattern: /^\d+\.\d+$/ });
  const zones = check.strings(body, "zones", { unique: true });
  const spec = specOf(body);
  checkSpec(check, spec, cloud as string, type as string, (id) => !!ctx.world.clusters[id]);
  check.done();
  return {
    body,
    name: name as string,
    rgId: rgId as string,
    networkId: networkId as string,
    cloud: cloud as string,
    region: region as string,
    type: type as string,
    tier,
    connection,
    version,
    zones,
    spec,
  };
}

/** The network must be ready, of the cluster's type, cloud and region, with room for it. */
function checkNetworkFits(ctx: EmulatorContext, net: NetworkRec, r: CreateRequest): void {
  if (net.state !== "STATE_READY") {
    throw precondition(
      `network ${net.id} is ${net.state}, not STATE_READY`,
      "REASON_NETWORK_NOT_READY",
    );
  }
  if (net.cluster_type !== r.type) {
    throw precondition(
      `network ${net.id} is for ${net.cluster_type} clusters, not ${r.type}`,
      "REASON_CLUSTER_TYPE_MISMATCH",
    );
  }
  if (net.cloud_provider !== r.cloud) {
    throw precondition(
      `network ${net.id} is on ${net.cloud_provider}, not ${r.cloud}`,
      "REASON_CLUSTER_NETWORK_CLOUD_PROVIDER_MISMATCH",
    );
  }
  if (net.region !== r.region) {
    throw precondition(
      `network ${net.id} is in ${net.region}, not ${r.region}`,
      "REASON_CLUSTER_NETWORK_REGION_MISMATCH",
    );
  }
  // The network lists its region's zones; the zones the vendor's examples use there are taken
  // too (the Terraform docs examples name AWS zones as `us-west-2a`, the page as `usw2-az1`).
  const accepted = findRegion(net.cloud_provider, net.region, ctx.strictCatalog)?.acceptedZones;
  const badZones = r.zones.filter((z) => !net.zones.includes(z) && !accepted?.includes(z));
  if (badZones.length > 0) {
    throw precondition(
      `zones ${badZones.join(", ")} are not zones of network ${net.id} (${net.zones.join(", ")})`,
      "REASON_ZONE_NOT_SUPPORTED_BY_NETWORK",
    );
  }
  if (net.customer_managed_resources && r.spec.customer_managed_resources === undefined) {
    const rules = new Checker("cluster");
    rules.fail(
      "customer_managed_resources",
      `network ${net.id} is customer-managed (BYOVPC): the cluster must name its customer-managed resources`,
    );
    rules.done();
  }
  const occupant = Object.values(ctx.world.clusters).find((c) => c.network_id === net.id);
  if (occupant) {
    throw precondition(
      `network ${net.id} already holds cluster ${occupant.id}; only one cluster per network is allowed`,
      "REASON_ONLY_ONE_CLUSTER_PER_NETWORK_ALLOWED",
    );
  }
}

function newCluster(ctx: EmulatorContext, r: CreateRequest, networkId: string, now: number) {
  const byoc = r.type === "TYPE_BYOC";
  const c: ClusterRec = {
    id: xid(),
    name: r.name,
    type: r.type,
    resource_group_id: r.rgId,
    network_id: networkId,
    cloud_provider: r.cloud,
    region: r.region,
    zones: r.zones,
    throughput_tier: r.tier as string,
    connection_type: r.connection ?? "CONNECTION_TYPE_PUBLIC",
    redpanda_version: r.version ?? "25.1",
    state: byoc ? "STATE_CREATING_AGENT" : "STATE_CREATING",
    state_description: null,
    kafka_connect: { enabled: asObject(r.body.kafka_connect).enabled === true },
    cloud_provider_tags: asObject(r.body.cloud_provider_tags) as Record<string, string>,
    spec: r.spec,
    created_at: nowIso(now),
    updated_at: nowIso(now),
    pending: byoc
      ? { next: "STATE_CREATING", at: null }
      : { next: "STATE_READY", at: now + ctx.timeline.after("clusterCreate") },
  };
  return c;
}

async function createCluster(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply) {
  const r = readCreate(ctx, req);
  // What the request asks for must be on offer at all (the catalogue) before it is checked
  // against what exists (resource group, network): request errors before state errors.
  const tierCheck = new Checker("cluster");
  checkTier(ctx.strictCatalog, tierCheck, r.cloud, r.region, r.type, r.tier);
  tierCheck.done();
  if (!ctx.world.resourceGroups[r.rgId]) {
    throw notFound(`resource group ${r.rgId}`, "REASON_RESOURCE_GROUP_NOT_FOUND");
  }
  const net = findNetwork(ctx, r.networkId);
  checkNetworkFits(ctx, net, r);
  const now = ctx.now();
  const c = newCluster(ctx, r, net.id, now);
  ctx.world.clusters[c.id] = c;
  return startOperation(
    ctx,
    reply,
    c,
    "TYPE_CREATE_CLUSTER",
    metadata("CreateClusterMetadata", { cluster_id: c.id }),
    now,
  );
}

async function getCluster(ctx: EmulatorContext, req: ById) {
  if (ctx.world.serverless[req.params.id]) {
    // What the vendor answers for a serverless cluster's id on this route.
    throw new ApiError("PERMISSION_DENIED", "permission denied", "REASON_PERMISSION_DENIED");
  }
  return { cluster: clusterView(ctx, findCluster(ctx, req.params.id), true) };
}

async function updateCluster(ctx: EmulatorContext, req: ById, reply: FastifyReply) {
  const c = findCluster(ctx, req.params.id);
  if (c.state !== "STATE_READY") {
    throw precondition(
      `cluster ${c.id} is ${c.state}; it can be updated only when STATE_READY`,
      "REASON_CLUSTER_NOT_READY",
    );
  }
  const body = unwrap(req.body, "cluster");
  const check = new Checker("cluster");
  const name = check.str(body, "name", { ...NAME, required: false });
  const tier = check.str(body, "throughput_tier", {});
  checkTier(ctx.strictCatalog, check, c.cloud_provider, c.region, c.type, tier);
  const spec = applyUpdate(c.spec ?? {}, body);
  checkSpec(check, spec, c.cloud_provider, c.type, (id) => !!ctx.world.clusters[id] && id !== c.id);
  check.done();
  if (name) c.name = name;
  if (tier) c.throughput_tier = tier;
  if (body.cloud_provider_tags !== undefined) {
    c.cloud_provider_tags = asObject(body.cloud_provider_tags) as Record<string, string>;
  }
  if (body.kafka_connect !== undefined) {
    c.kafka_connect = { enabled: asObject(body.kafka_connect).enabled === true };
  }
  const now = ctx.now();
  c.updated_at = nowIso(now);
  const op = ctx.timeline.newOperation(
    ctx.world,
    now,
    "TYPE_UPDATE_CLUSTER",
    c.id,
    metadata("UpdateClusterMetadata", { update_type: updateTypes(body) }),
  );
  op.completeAt = now + ctx.timeline.after("clusterUpdate");
  const linksChanged = [
    "aws_private_link",
    "azure_private_link",
    "gcp_private_service_connect",
  ].some((f) => body[f] !== undefined);
  c.spec = spec;
  // A private link's status exists once the update that enables it has completed.
  if (linksChanged) c.linksAt = op.completeAt;
  // Kafka Connect or audit logging switched on: their topics (domain/internal-topics.ts).
  await ensureInternalTopics(ctx, c.id, clusterInternalTopics(c));
  ctx.touch();
  return reply.code(202).send({ operation: operationView(ctx, op) });
}

async function deleteCluster(ctx: EmulatorContext, req: ById, reply: FastifyReply) {
  const c = findCluster(ctx, req.params.id);
  const inFlight = c.opId ? ctx.world.operations[c.opId] : undefined;
  if ((c.state === "STATE_DELETING" || c.state === "STATE_DELETING_AGENT") && inFlight) {
    return reply.code(202).send({ operation: operationView(ctx, inFlight) });
  }
  const now = ctx.now();
  // A create still in flight is superseded by the delete.
  if (inFlight && inFlight.state === "STATE_IN_PROGRESS") {
    inFlight.state = "STATE_FAILED";
    inFlight.finished_at = nowIso(now);
    inFlight.error = {
      code: "FAILED_PRECONDITION",
      message: "cluster deleted before it became ready",
      details: [],
    };
  }
  c.state = "STATE_DELETING";
  c.pending = {
    next: c.type === "TYPE_BYOC" ? "STATE_DELETING_AGENT" : "GONE",
    at: now + ctx.timeline.after("clusterDelete"),
  };
  c.updated_at = nowIso(now);
  return startOperation(
    ctx,
    reply,
    c,
    "TYPE_DELETE_CLUSTER",
    metadata("DeleteClusterMetadata", { required_action: "" }),
    now,
  );
}
