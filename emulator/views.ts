/**
 * Wire forms of control-plane records: what GET, list and operation responses show. Internal
 * scheduling fields never leave the emulator.
 */
import type { EmulatorContext } from "./context";
import { dataplaneUrl } from "./dataplane";
import type { ClusterRec, NetworkRec, OperationRec, ServerlessRec } from "./domain/records";
import { linkStatus } from "./cluster-spec";
import type { Json } from "./validate";
import { asObject } from "./validate";

export function networkView(n: NetworkRec): Record<string, unknown> {
  return {
    id: n.id,
    name: n.name,
    resource_group_id: n.resource_group_id,
    cloud_provider: n.cloud_provider,
    region: n.region,
    cidr_block: n.cidr_block,
    cluster_type: n.cluster_type,
    ...(n.customer_managed_resources
      ? { customer_managed_resources: n.customer_managed_resources }
      : {}),
    state: n.state,
    zones: n.zones,
    created_at: n.created_at,
    updated_at: n.updated_at,
  };
}

/** The wire form; `dataplane_api` only on a single GET of a READY cluster, as the vendor does. */
export function clusterView(ctx: EmulatorContext, c: ClusterRec, withDataplane: boolean): Json {
  const host = `${c.id}.fmc.emulator.local`;
  const spec = c.spec ?? {};
  const ready = c.state === "STATE_READY";
  const endpoint = (field: string, url: string) => ({
    url,
    mtls: asObject(spec[field]).mtls ?? null,
    sasl: asObject(spec[field]).sasl ?? null,
  });
  // A private link enabled in the spec reports its status once the link exists: the cluster is
  // ready and the update that enabled it (if any) has completed.
  const linksUp = ready && (c.linksAt === undefined || ctx.now() >= c.linksAt);
  const links = Object.fromEntries(
    ["aws_private_link", "azure_private_link", "gcp_private_service_connect"]
      .filter((f) => spec[f] !== undefined)
      .map((f) => {
        const link = asObject(spec[f]);
        const status =
          linksUp && link.enabled === true ? linkStatus(f, c.id, c.region, c.updated_at) : null;
        return [f, { ...link, status }];
      }),
  );
  const { custom_properties: custom } = asObject(spec.cluster_configuration);
  return {
    ...spec,
    ...links,
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
      seed_brokers: ctx.kafkaSeedBrokers?.(c.id) ?? [`seed-0.${host}:9092`],
      mtls: asObject(spec.kafka_api).mtls ?? null,
      sasl: asObject(spec.kafka_api).sasl ?? null,
      all_seed_brokers: null,
      connections: [],
    },
    http_proxy: endpoint("http_proxy", `https://pandaproxy-${host}:30082`),
    // A real registry, served by the emulator on loopback (routes/schema.ts).
    schema_registry: endpoint("schema_registry", `${ctx.baseUrl()}/sr/${c.id}`),
    redpanda_console: { url: `https://console-${host}` },
    prometheus: { url: `https://prometheus-${host}/metrics` },
    cluster_configuration: { custom_properties: custom ?? {}, computed_properties: {} },
    dataplane_api: withDataplane && ready ? { url: dataplaneUrl(ctx, c.id) } : null,
    // TEST-NET-3 addresses, one per zone: stable, and never a real host.
    nat_gateways: ready ? c.zones.map((_, i) => `203.0.113.${10 + i}`) : [],
    read_replica_cluster_ids: spec.read_replica_cluster_ids ?? [],
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function serverlessView(
  ctx: EmulatorContext,
  s: ServerlessRec,
  withDataplane: boolean,
): Json {
  const networking = s.networking_config ?? { public: "STATE_ENABLED", private: "STATE_DISABLED" };
  const host = `${s.id}.serverless.emulator.local`;
  const ready = s.state === "STATE_READY";
  const privately = ready && networking.private === "STATE_ENABLED";
  return {
    id: s.id,
    name: s.name,
    resource_group_id: s.resource_group_id,
    serverless_region: s.serverless_region,
    tags: s.tags,
    state: s.state,
    networking_config: networking,
    private_link_id: s.private_link_id ?? null,
    dataplane_api:
      withDataplane && ready
        ? {
            url: dataplaneUrl(ctx, s.id),
            private_url: privately ? `https://api-private.${host}` : "",
          }
        : null,
    kafka_api: {
      seed_brokers: ctx.kafkaSeedBrokers?.(s.id) ?? [`seed-0.${host}:9092`],
      private_seed_brokers: privately ? [`seed-0.private.${host}:9092`] : [],
    },
    schema_registry: { url: `${ctx.baseUrl()}/sr/${s.id}`, private_url: "" },
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
