import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CLOUD_PROVIDERS, SERVICE_NETWORK_CIDR, findRegion, regionsOf } from "../catalog";
import type { CloudProvider, ClusterType } from "../catalog";
import { isPrivate, overlaps, parseCidr } from "../cidr";
import type { Cidr } from "../cidr";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { NetworkRec } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import { networkView, operationView } from "../views";
import { startOperation } from "../accepted-operation";
import { metadata } from "../domain/operations";
import { CLUSTER_TYPES, findNetwork } from "../domain/networks";

function checkCidr(
  ctx: EmulatorContext,
  check: Checker,
  cidr: string | undefined,
  type: string,
  cloud: string | undefined,
  region: string | undefined,
): void {
  if (cidr === undefined) return;
  const parsed = parseCidr(cidr);
  if (!parsed) {
    check.fail("cidr_block", `"${cidr}" is not a valid IPv4 CIDR block (for example 10.1.0.0/20)`);
    return;
  }
  if (parsed.prefix < 16 || parsed.prefix > 20) {
    check.fail("cidr_block", "the CIDR block must be between /16 and /20");
  }
  const byocShared = parseCidr("100.64.0.0/10") as Cidr;
  const inShared =
    type === "TYPE_BYOC" && parsed.base >= byocShared.base && overlaps(parsed, byocShared);
  if (!isPrivate(parsed) && !inShared) {
    check.fail("cidr_block", "the CIDR block must be within RFC 1918 private address space");
  }
  if (overlaps(parsed, parseCidr(SERVICE_NETWORK_CIDR) as Cidr)) {
    check.fail("cidr_block", `the CIDR block overlaps the service network ${SERVICE_NETWORK_CIDR}`);
  }
  // Overlap with other networks: the real service does not refuse it. The Terraform provider's CI
  // (.buildkite/pipeline.yml) runs test_cluster_aws (examples/cluster/aws) and
  // test_datasource_cluster (redpanda/tests/testdata/datasource/cluster) in parallel with one
  // organization's credentials, each creating a Dedicated AWS network in us-east-2 with
  // 10.0.0.0/20 in its own resource group; test_network (us-east-1) and test_cluster_gcp
  // (us-central1) use the same block at the same time. The vendor's "Choose CIDR Ranges" page asks
  // only that a network not overlap the VPC it is peered with. So only the strict catalogue keeps
  // the old rule, and only within one cloud and region.
  if (!ctx.strictCatalog) return;
  for (const other of Object.values(ctx.world.networks)) {
    if (other.cloud_provider !== cloud || other.region !== region) continue;
    const o = parseCidr(other.cidr_block);
    if (o && overlaps(parsed, o)) {
      check.fail("cidr_block", `the CIDR block overlaps network ${other.id} (${other.cidr_block})`);
    }
  }
}

export function registerNetworks(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/networks", (req) => listNetworks(ctx, req));
  app.post("/v1/networks", (req, reply) => createNetwork(ctx, req, reply));
  app.get<{ Params: { id: string } }>("/v1/networks/:id", (req) => getNetwork(ctx, req));
  app.delete<{ Params: { id: string } }>("/v1/networks/:id", (req, reply) =>
    deleteNetwork(ctx, req, reply),
  );
}

async function listNetworks(ctx: EmulatorContext, req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const nets = Object.values(ctx.world.networks)
    .filter(
      (n) =>
        q["filter.resource_group_id"] === undefined ||
        n.resource_group_id === q["filter.resource_group_id"],
    )
    .filter((n) => q["filter.region"] === undefined || n.region === q["filter.region"])
    .filter(
      (n) =>
        q["filter.cloud_provider"] === undefined || n.cloud_provider === q["filter.cloud_provider"],
    )
    .filter((n) => n.name.includes(String(q["filter.name_contains"] ?? "")))
    .sort((a, b) => a.name.localeCompare(b.name));
  const { page, next_page_token } = paginate(nets, q, 100);
  return { networks: page.map(networkView), next_page_token };
}

async function createNetwork(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply) {
  const body = unwrap(req.body, "network");
  const check = new Checker("network");
  const name = check.str(body, "name", { required: true, max: 128, pattern: /^[A-Za-z0-9-_]+$/ });
  // Presence and enum values of these were checked against the vendor's schema (request-contract).
  const rgId = check.str(body, "resource_group_id");
  const cloud = check.str(body, "cloud_provider");
  const region = check.str(body, "region");
  const type = check.str(body, "cluster_type");
  const managed = body.customer_managed_resources;
  // BYOVPC: the customer's VPC/VNet defines the addresses, so no CIDR block is asked for.
  const cidr = check.str(body, "cidr_block", { required: managed === undefined });
  if (managed !== undefined) {
    const clouds = Object.keys(asObject(managed));
    const want = {
      CLOUD_PROVIDER_AWS: "aws",
      CLOUD_PROVIDER_GCP: "gcp",
      CLOUD_PROVIDER_AZURE: "azure",
    }[cloud as string];
    if (type !== "TYPE_BYOC") {
      check.fail("customer_managed_resources", "customer-managed resources are for BYOC networks");
    } else if (clouds.length !== 1 || clouds[0] !== want) {
      check.fail("customer_managed_resources", `must hold exactly the ${want} resources`);
    }
  }
  const strict = ctx.strictCatalog;
  const regionInfo = cloud && region ? findRegion(cloud, region, strict) : undefined;
  if (cloud && region && CLOUD_PROVIDERS.includes(cloud as CloudProvider)) {
    if (!regionInfo) {
      check.fail("region", `region ${region} is not available for ${cloud}`);
    } else if (
      type &&
      (CLUSTER_TYPES as readonly string[]).includes(type) &&
      !regionInfo.tiers[type as ClusterType].length
    ) {
      const offering = regionsOf(cloud, type, strict).map((r) => r.name);
      check.fail(
        "region",
        `region ${region} offers no ${type} clusters on ${cloud}; regions that do: ${offering.join(", ")}`,
      );
    }
  }
  checkCidr(ctx, check, cidr, type ?? "", cloud, region);
  check.done();
  if (!ctx.world.resourceGroups[rgId as string]) {
    throw notFound(`resource group ${rgId}`, "REASON_RESOURCE_GROUP_NOT_FOUND");
  }
  if (Object.values(ctx.world.networks).some((n) => n.name === name)) {
    throw alreadyExists(`network ${name} already exists`, "REASON_NETWORK_ALREADY_EXISTS");
  }
  const now = ctx.now();
  const net: NetworkRec = {
    id: xid(),
    name: name as string,
    resource_group_id: rgId as string,
    cloud_provider: cloud as string,
    region: region as string,
    cidr_block: cidr ?? "",
    cluster_type: type as string,
    ...(managed !== undefined ? { customer_managed_resources: asObject(managed) } : {}),
    state: "STATE_CREATING",
    zones: regionInfo?.zones ?? [],
    created_at: nowIso(now),
    updated_at: nowIso(now),
    pending: { next: "STATE_READY", at: now + ctx.timeline.after("networkCreate") },
  };
  ctx.world.networks[net.id] = net;
  return startOperation(
    ctx,
    reply,
    net,
    "TYPE_CREATE_NETWORK",
    metadata("CreateNetworkMetadata", { network_id: net.id }),
    now,
  );
}

async function getNetwork(ctx: EmulatorContext, req: FastifyRequest<{ Params: { id: string } }>) {
  return {
    network: networkView(findNetwork(ctx, req.params.id)),
  };
}

async function deleteNetwork(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const net = findNetwork(ctx, req.params.id);
  const clusters = Object.values(ctx.world.clusters).filter((c) => c.network_id === net.id);
  if (clusters.length > 0) {
    throw precondition(
      `network ${net.id} still contains cluster(s) ${clusters.map((c) => c.id).join(", ")}; delete them first`,
      "REASON_NETWORK_CONTAINS_CLUSTERS",
    );
  }
  const peerings = Object.values(ctx.world.networkPeerings ?? {}).filter(
    (p) => p.network_id === net.id,
  );
  if (peerings.length > 0) {
    throw precondition(
      `network ${net.id} still has network peering(s) ${peerings.map((p) => p.id).join(", ")}; delete them first`,
      "REASON_NETWORK_HAS_PEERINGS",
    );
  }
  const existing =
    net.state === "STATE_DELETING" && net.opId ? ctx.world.operations[net.opId] : undefined;
  if (existing) return reply.code(202).send({ operation: operationView(ctx, existing) });
  const now = ctx.now();
  net.state = "STATE_DELETING";
  net.pending = { next: "GONE", at: now + ctx.timeline.after("networkDelete") };
  return startOperation(
    ctx,
    reply,
    net,
    "TYPE_DELETE_NETWORK",
    metadata("DeleteNetworkMetadata"),
    now,
  );
}
