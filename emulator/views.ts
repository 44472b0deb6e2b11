/**
 * Wire forms of control-plane records: what GET, list and operation responses show. Internal
 * scheduling fields never leave the emulator.
 */
import type { EmulatorContext } from "./context";
import { dataplaneUrl } from "./context";
import type { ClusterRec, NetworkRec, OperationRec, ServerlessRec } from "./store";
import type { Json } from "./validate";

export function networkView(n: NetworkRec): Record<string, unknown> {
  return {
    id: n.id,
    name: n.name,
    resource_group_id: n.resource_group_id,
    cloud_provider: n.cloud_provider,
    region: n.region,
    cidr_block: n.cidr_block,
    cluster_type: n.cluster_type,
    state: n.state,
    zones: n.zones,
    created_at: n.created_at,
    updated_at: n.updated_at,
  };
}

/** The wire form; `dataplane_api` only on a single GET of a READY cluster, as the vendor does. */
export function clusterView(ctx: EmulatorContext, c: ClusterRec, withDataplane: boolean): Json {
  const host = `${c.id}.fmc.emulator.local`;
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    resource_group_id: c.resource_group_id,
    network_id: c.network_id,
    cloud_provider: c.cloud_provider,
    region: c.region,
    zones: c.zones,
    throughput_tier: c.throughput_tier,
    connection_type: c.connection_type,
    state: c.state,
    state_description: c.state_description,
    current_redpanda_version: c.redpanda_version,
    desired_redpanda_version: c.redpanda_version,
    cloud_provider_tags: c.cloud_provider_tags,
    kafka_connect: c.kafka_connect,
    kafka_api: {
      seed_brokers: [`seed-0.${host}:9092`],
      mtls: null,
      sasl: null,
      all_seed_brokers: null,
      connections: [],
    },
    dataplane_api:
      withDataplane && c.state === "STATE_READY" ? { url: dataplaneUrl(ctx, c.id) } : null,
    nat_gateways: [],
    read_replica_cluster_ids: [],
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function serverlessView(
  ctx: EmulatorContext,
  s: ServerlessRec,
  withDataplane: boolean,
): Json {
  return {
    id: s.id,
    name: s.name,
    resource_group_id: s.resource_group_id,
    serverless_region: s.serverless_region,
    tags: s.tags,
    state: s.state,
    networking_config: { public: "STATE_ENABLED", private: "STATE_DISABLED" },
    dataplane_api:
      withDataplane && s.state === "STATE_READY"
        ? { url: dataplaneUrl(ctx, s.id), private_url: "" }
        : null,
    kafka_api: {
      seed_brokers: [`seed-0.${s.id}.serverless.emulator.local:9092`],
      private_seed_brokers: [],
    },
    console_url: `${ctx.baseUrl()}/console/${s.id}`,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

/** The wire form of an operation: internal scheduling fields stay inside. */
export function operationView(ctx: EmulatorContext, op: OperationRec): Record<string, unknown> {
  return {
    id: op.id,
    type: op.type,
    state: op.state,
    resource_id: op.resource_id,
    metadata: op.metadata,
    response: expandResponse(ctx, op.response),
    error: op.error ?? null,
    started_at: op.started_at,
    finished_at: op.finished_at,
  };
}

/** Completed create/update responses carry the resource as it is now, as the vendor's do. */
function expandResponse(ctx: EmulatorContext, response: Json | undefined): Json | null {
  if (!response) return null;
  const ref = (key: string) => (response[key] as { id?: string } | undefined)?.id;
  const w = ctx.world;
  const net = ref("network");
  if (net && w.networks[net]) return { ...response, network: networkView(w.networks[net]) };
  const cluster = ref("cluster");
  if (cluster && w.clusters[cluster])
    return { ...response, cluster: clusterView(ctx, w.clusters[cluster], false) };
  const sl = ref("serverless_cluster");
  if (sl && w.serverless[sl])
    return { ...response, serverless_cluster: serverlessView(ctx, w.serverless[sl], false) };
  return response;
}
