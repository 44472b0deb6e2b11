/**
 * Terraform states as Terraform writes them with the vendor's provider (redpanda-data/redpanda
 * v2.1.0): the state file, version 4 (`terraform state pull`), and `terraform show -json` of it.
 * Every attribute of a resource's schema is present, null when unset, as Terraform writes state;
 * the attribute names are the provider's own (its docs/resources/*.md and the schema goldens in
 * redpanda/resources/testdata/ of terraform-provider-redpanda). Tests give the values that matter.
 */

/** Each resource type's attributes (v2.1.0), in the provider schema's order. */
export const TF_ATTRIBUTES: Record<string, readonly string[]> = {
  redpanda_resource_group: ["id", "name"],
  redpanda_network: [
    "cidr_block",
    "cloud_provider",
    "cluster_type",
    "customer_managed_resources",
    "id",
    "name",
    "region",
    "resource_group_id",
    "state",
    "timeouts",
    "zones",
  ],
  redpanda_cluster: [
    "allow_deletion",
    "api_gateway_access",
    "aws_private_link",
    "azure_private_link",
    "cloud_provider",
    "cloud_storage",
    "cluster_api_url",
    "cluster_configuration",
    "cluster_type",
    "connection_type",
    "current_redpanda_version",
    "customer_managed_resources",
    "dataplane_api",
    "desired_redpanda_version",
    "gcp_enable_global_access_api_gateway",
    "gcp_global_access_api_gateway_enabled",
    "gcp_global_access_enabled",
    "gcp_private_service_connect",
    "http_proxy",
    "id",
    "kafka_api",
    "kafka_connect",
    "maintenance_window_config",
    "name",
    "nat_gateways",
    "network_id",
    "prometheus",
    "read_replica_cluster_ids",
    "redpanda_console",
    "redpanda_node_count",
    "redpanda_version",
    "region",
    "resource_group_id",
    "rpsql",
    "schema_registry",
    "state",
    "state_description",
    "tags",
    "throughput_tier",
    "timeouts",
    "zones",
  ],
  redpanda_serverless_cluster: [
    "allow_deletion",
    "cluster_api_url",
    "console_private_url",
    "console_url",
    "dataplane_api",
    "id",
    "kafka_api",
    "name",
    "networking_config",
    "planned_deletion",
    "private_link_id",
    "prometheus",
    "resource_group_id",
    "schema_registry",
    "serverless_region",
    "state",
    "tags",
    "timeouts",
  ],
  redpanda_service_account: [
    "auth0_client_credentials",
    "description",
    "id",
    "name",
    "role_bindings",
    "timeouts",
  ],
  redpanda_topic: [
    "allow_deletion",
    "cluster_api_url",
    "configuration",
    "id",
    "name",
    "partition_count",
    "replica_assignments",
    "replication_factor",
  ],
  redpanda_user: [
    "allow_deletion",
    "cluster_api_url",
    "id",
    "mechanism",
    "name",
    "password",
    "password_wo",
    "password_wo_version",
  ],
  redpanda_acl: [
    "allow_deletion",
    "cluster_api_url",
    "host",
    "id",
    "operation",
    "permission_type",
    "principal",
    "resource_name",
    "resource_pattern_type",
    "resource_type",
  ],
  redpanda_role: ["allow_deletion", "cluster_api_url", "delete_acls", "id", "name"],
  redpanda_role_assignment: ["cluster_api_url", "id", "principal", "role_name"],
  redpanda_schema: [
    "allow_deletion",
    "cluster_id",
    "compatibility",
    "id",
    "password",
    "password_wo",
    "password_wo_version",
    "references",
    "schema",
    "schema_type",
    "subject",
    "username",
    "version",
  ],
  redpanda_schema_registry_acl: [
    "allow_deletion",
    "cluster_id",
    "host",
    "id",
    "operation",
    "password",
    "password_wo",
    "password_wo_version",
    "pattern_type",
    "permission",
    "principal",
    "resource_name",
    "resource_type",
    "username",
  ],
  redpanda_secret: [
    "allow_deletion",
    "cluster_api_url",
    "id",
    "labels",
    "name",
    "scopes",
    "secret_data",
    "secret_data_version",
  ],
  redpanda_pipeline: [
    "allow_deletion",
    "cluster_api_url",
    "config_yaml",
    "description",
    "display_name",
    "id",
    "resources",
    "service_account",
    "state",
    "status",
    "tags",
    "timeouts",
    "url",
  ],
};

const SENSITIVE: Record<string, readonly string[]> = {
  redpanda_user: ["password"],
  redpanda_schema: ["password", "username"],
  redpanda_schema_registry_acl: ["password", "username"],
  redpanda_pipeline: ["config_yaml"],
};

export const REDPANDA_PROVIDER = "registry.terraform.io/redpanda-data/redpanda";

/** One `resource` or `data` block of a configuration, with its instances. */
export interface TfResource {
  mode?: "managed" | "data";
  type: string;
  name: string;
  /** `module.kafka`, when the block is in a module. */
  module?: string;
  /** The provider's source address; the vendor's by default. */
  provider?: string;
  instances: { indexKey?: string | number; attributes: Record<string, unknown> }[];
}

/** Every attribute of the type's schema, null when not given (types not listed: as given). */
function fullAttributes(type: string, given: Record<string, unknown>): Record<string, unknown> {
  const names = TF_ATTRIBUTES[type];
  if (!names) return given;
  return Object.fromEntries(names.map((n) => [n, given[n] ?? null]));
}

/** The state file (`terraform state pull`), version 4, as Terraform 1.9 writes it. */
export function stateV4(resources: TfResource[], serial = 7): Record<string, unknown> {
  return {
    version: 4,
    terraform_version: "1.9.8",
    serial,
    lineage: "5c1e7a4e-1f43-7b3e-9f0a-2d1f6c0c9a11",
    outputs: {},
    resources: resources.map((r) => ({
      ...(r.module ? { module: r.module } : {}),
      mode: r.mode ?? "managed",
      type: r.type,
      name: r.name,
      provider: `provider["${r.provider ?? REDPANDA_PROVIDER}"]`,
      instances: r.instances.map((i) => ({
        ...(i.indexKey === undefined ? {} : { index_key: i.indexKey }),
        schema_version: 0,
        attributes: fullAttributes(r.type, i.attributes),
        sensitive_attributes: (SENSITIVE[r.type] ?? [])
          .filter((a) => i.attributes[a] !== undefined)
          .map((a) => [{ type: "get_attr", value: a }]),
        ...(r.mode === "data" ? {} : { private: "bnVsbA==" }),
      })),
    })),
    check_results: null,
  };
}

/** `terraform show -json` of the same state (values in plain text, modules nested). */
export function showJson(resources: TfResource[]): Record<string, unknown> {
  const byModule = new Map<string, Record<string, unknown>[]>();
  for (const r of resources) {
    for (const i of r.instances) {
      const key =
        i.indexKey === undefined
          ? ""
          : typeof i.indexKey === "number"
            ? `[${i.indexKey}]`
            : `[${JSON.stringify(i.indexKey)}]`;
      const local = `${r.mode === "data" ? "data." : ""}${r.type}.${r.name}${key}`;
      const list = byModule.get(r.module ?? "") ?? [];
      list.push({
        address: r.module ? `${r.module}.${local}` : local,
        mode: r.mode ?? "managed",
        type: r.type,
        name: r.name,
        ...(i.indexKey === undefined ? {} : { index: i.indexKey }),
        provider_name: r.provider ?? REDPANDA_PROVIDER,
        schema_version: 0,
        values: fullAttributes(r.type, i.attributes),
        sensitive_values: {},
      });
      byModule.set(r.module ?? "", list);
    }
  }
  const children = [...byModule]
    .filter(([m]) => m !== "")
    .map(([address, list]) => ({ address, resources: list }));
  return {
    format_version: "1.0",
    terraform_version: "1.9.8",
    values: {
      root_module: {
        resources: byModule.get("") ?? [],
        ...(children.length ? { child_modules: children } : {}),
      },
    },
  };
}
