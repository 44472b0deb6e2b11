/**
 * The parts of a cluster's create and update bodies beyond its core fields — private links, mTLS
 * and SASL per endpoint, cluster properties, maintenance window, BYOVPC resources, cloud storage,
 * read replicas, Redpanda Connect, node count — kept as the wire sent them, with the rules the
 * vendor applies across fields. Shapes and enum values were already checked against the contract
 * (request-contract.ts); these are the rules the schema cannot say. The emulator's own copy: the
 * provider's check must not be what makes a request pass here.
 */
import type { Checker, Json } from "./validate";
import { asObject } from "./validate";

/** Wire fields of ClusterCreate the record keeps as sent (the core ones live on ClusterRec). */
export const SPEC_FIELDS = [
  "api_gateway_access",
  "aws_private_link",
  "azure_private_link",
  "gcp_private_service_connect",
  "gcp_enable_global_access",
  "gcp_enable_global_access_api_gateway",
  "kafka_api",
  "http_proxy",
  "schema_registry",
  "cluster_configuration",
  "maintenance_window_config",
  "customer_managed_resources",
  "cloud_storage",
  "read_replica_cluster_ids",
  "redpanda_connect",
  "redpanda_node_count",
] as const;

const LINK_CLOUD: Record<string, string> = {
  aws_private_link: "CLOUD_PROVIDER_AWS",
  azure_private_link: "CLOUD_PROVIDER_AZURE",
  gcp_private_service_connect: "CLOUD_PROVIDER_GCP",
  gcp_enable_global_access: "CLOUD_PROVIDER_GCP",
  gcp_enable_global_access_api_gateway: "CLOUD_PROVIDER_GCP",
};

/** The spec fields a body carries, as sent. */
export function specOf(body: Json): Json {
  const spec: Json = {};
  for (const f of SPEC_FIELDS) if (body[f] !== undefined && body[f] !== null) spec[f] = body[f];
  return spec;
}

/** Field violations of a cluster's spec, for its cloud and type. */
export function checkSpec(
  check: Checker,
  spec: Json,
  cloud: string,
  type: string,
  clusterExists: (id: string) => boolean,
): void {
  for (const [field, want] of Object.entries(LINK_CLOUD)) {
    if (spec[field] !== undefined && cloud !== want) {
      check.fail(field, `${field} is available on ${want} only; this cluster is on ${cloud}`);
    }
  }
  for (const api of ["kafka_api", "http_proxy", "schema_registry"]) {
    const mtls = asObject(asObject(spec[api]).mtls);
    const cas = mtls.ca_certificates_pem;
    if (mtls.enabled === true && (!Array.isArray(cas) || cas.length === 0)) {
      check.fail(`${api}.mtls.ca_certificates_pem`, "mTLS needs at least one CA certificate");
    }
    for (const [i, pem] of (Array.isArray(cas) ? cas : []).entries()) {
      if (typeof pem !== "string" || !pem.includes("-----BEGIN CERTIFICATE-----")) {
        check.fail(`${api}.mtls.ca_certificates_pem[${i}]`, "not a PEM-encoded certificate");
      }
    }
  }
  const window = spec.maintenance_window_config;
  if (window !== undefined) {
    const w = asObject(window);
    const set = ["day_hour", "anytime", "unspecified"].filter((k) => w[k] !== undefined);
    if (set.length > 1) {
      check.fail("maintenance_window_config", `only one of ${set.join(", ")} may be set`);
    }
    const hour = asObject(w.day_hour).hour_of_day;
    if (hour !== undefined && (typeof hour !== "number" || hour < 0 || hour > 23)) {
      check.fail("maintenance_window_config.day_hour.hour_of_day", "must be 0 to 23");
    }
  }
  if (spec.customer_managed_resources !== undefined && type !== "TYPE_BYOC") {
    check.fail("customer_managed_resources", "customer-managed resources are for BYOC clusters");
  }
  const nodes = spec.redpanda_node_count;
  if (nodes !== undefined && (typeof nodes !== "number" || nodes < 1)) {
    check.fail("redpanda_node_count", "must be at least 1");
  }
  const replicas = spec.read_replica_cluster_ids;
  for (const [i, id] of (Array.isArray(replicas) ? replicas : []).entries()) {
    if (typeof id !== "string" || !clusterExists(id)) {
      check.fail(`read_replica_cluster_ids[${i}]`, `cluster ${String(id)} does not exist`);
    }
  }
  const ports = asObject(spec.redpanda_connect).allowed_destination_cidr_ports;
  for (const [i, p] of (Array.isArray(ports) ? ports : []).entries()) {
    const { port_start: start, port_end: end } = asObject(p);
    if (typeof start === "number" && typeof end === "number" && start > end) {
      check.fail(`redpanda_connect.allowed_destination_cidr_ports[${i}]`, "port_start > port_end");
    }
  }
}

/**
 * A sparse update applied to a spec: each field sent replaces the field, except the customer-managed
 * resources, whose update body adds resources to those the cluster was created with.
 */
export function applyUpdate(spec: Json, body: Json): Json {
  const next: Json = { ...spec };
  for (const [field, value] of Object.entries(specOf(body))) {
    if (field === "customer_managed_resources") {
      const old = asObject(spec[field]);
      const add = asObject(value);
      next[field] = Object.fromEntries(
        [...new Set([...Object.keys(old), ...Object.keys(add)])].map((cloud) => [
          cloud,
          { ...asObject(old[cloud]), ...asObject(add[cloud]) },
        ]),
      );
    } else next[field] = value;
  }
  return next;
}

/** The status the vendor reports on an enabled private link once it exists. */
export function linkStatus(field: string, id: string, region: string, created: string): Json {
  const ports = {
    kafka_api_seed_port: 30292,
    kafka_api_node_base_port: 32092,
    redpanda_proxy_seed_port: 30282,
    redpanda_proxy_node_base_port: 35082,
    schema_registry_seed_port: 30081,
  };
  if (field === "aws_private_link") {
    return {
      service_id: `vpce-svc-${id}`,
      service_name: `com.amazonaws.vpce.${region}.vpce-svc-${id}`,
      service_state: "Available",
      created_at: created,
      vpc_endpoint_connections: [],
      console_port: 30443,
      ...ports,
    };
  }
  if (field === "azure_private_link") {
    return {
      service_id: `/subscriptions/emulated/privateLinkServices/pls-${id}`,
      service_name: `pls-${id}`,
      dns_a_record: `${id}.privatelink.emulator.local`,
      approved_subscriptions: [],
      private_endpoint_connections: [],
      created_at: created,
      console_port: 30443,
      ...ports,
    };
  }
  return {
    service_attachment: `projects/emulated/regions/${region}/serviceAttachments/rp-${id}`,
    seed_hostname: `seed.${id}.psc.emulator.local`,
    dns_a_records: [],
    connected_endpoints: [],
    created_at: created,
    ...ports,
  };
}
