/**
 * The vendor's enum strings, once. The public unions are derived from these lists and the input
 * schemas validate against them; the emulator keeps its own copies on purpose (it is the
 * independent stand-in for the API and must not share the client's idea of the contract).
 * This module has no dependencies: the program side imports it.
 */

export const CLOUD_PROVIDERS = [
  "CLOUD_PROVIDER_AWS",
  "CLOUD_PROVIDER_GCP",
  "CLOUD_PROVIDER_AZURE",
] as const;
/** The vendor's cloud provider enum strings. */
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

export const CLUSTER_TYPES = ["TYPE_DEDICATED", "TYPE_BYOC"] as const;
/** The kind of cluster a network holds or a cluster is (Serverless has its own resource). */
export type ClusterType = (typeof CLUSTER_TYPES)[number];

export const CONNECTION_TYPES = ["CONNECTION_TYPE_PUBLIC", "CONNECTION_TYPE_PRIVATE"] as const;
/** Whether a cluster is reachable from the internet or only through private networking. */
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const SASL_MECHANISMS = [
  "SASL_MECHANISM_SCRAM_SHA_256",
  "SASL_MECHANISM_SCRAM_SHA_512",
] as const;
/** The SASL/SCRAM mechanism of a data-plane user. */
export type SaslMechanism = (typeof SASL_MECHANISMS)[number];

export const ACL_RESOURCE_TYPES = [
  "RESOURCE_TYPE_TOPIC",
  "RESOURCE_TYPE_GROUP",
  "RESOURCE_TYPE_CLUSTER",
  "RESOURCE_TYPE_TRANSACTIONAL_ID",
  "RESOURCE_TYPE_DELEGATION_TOKEN",
  "RESOURCE_TYPE_USER",
  "RESOURCE_TYPE_REGISTRY",
  "RESOURCE_TYPE_SUBJECT",
] as const;
/** What an ACL applies to. */
export type AclResourceType = (typeof ACL_RESOURCE_TYPES)[number];

export const ACL_PATTERN_TYPES = [
  "RESOURCE_PATTERN_TYPE_LITERAL",
  "RESOURCE_PATTERN_TYPE_PREFIXED",
] as const;
/** Whether an ACL's resource name is matched exactly or as a prefix. */
export type AclPatternType = (typeof ACL_PATTERN_TYPES)[number];

export const ACL_OPERATIONS = [
  "OPERATION_ALL",
  "OPERATION_READ",
  "OPERATION_WRITE",
  "OPERATION_CREATE",
  "OPERATION_DELETE",
  "OPERATION_ALTER",
  "OPERATION_DESCRIBE",
  "OPERATION_CLUSTER_ACTION",
  "OPERATION_DESCRIBE_CONFIGS",
  "OPERATION_ALTER_CONFIGS",
  "OPERATION_IDEMPOTENT_WRITE",
  "OPERATION_CREATE_TOKENS",
  "OPERATION_DESCRIBE_TOKENS",
] as const;
/** The operation an ACL allows or denies. */
export type AclOperation = (typeof ACL_OPERATIONS)[number];

export const ACL_PERMISSION_TYPES = ["PERMISSION_TYPE_ALLOW", "PERMISSION_TYPE_DENY"] as const;
/** Whether an ACL allows or denies. */
export type AclPermissionType = (typeof ACL_PERMISSION_TYPES)[number];

export const ROLE_NAMES = ["Reader", "Writer", "Admin"] as const;
/** The organization roles a role binding grants. */
export type RoleName = (typeof ROLE_NAMES)[number];

export const SCOPE_RESOURCE_TYPES = [
  "SCOPE_RESOURCE_TYPE_ORGANIZATION",
  "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP",
  "SCOPE_RESOURCE_TYPE_NETWORK",
  "SCOPE_RESOURCE_TYPE_CLUSTER",
  "SCOPE_RESOURCE_TYPE_SERVERLESS_CLUSTER",
  "SCOPE_RESOURCE_TYPE_NETWORK_PEERING",
  "SCOPE_RESOURCE_TYPE_KAFKA_TOPIC",
] as const;
/** What a role binding's scope can name. */
export type ScopeResourceType = (typeof SCOPE_RESOURCE_TYPES)[number];

export const PIPELINE_STATES = ["running", "stopped"] as const;
/** The state a pipeline is asked to be in. */
export type PipelineState = (typeof PIPELINE_STATES)[number];

/** Every named enum, for the generator: a schema whose values equal one of these uses its name. */
export const NETWORK_ACCESS_MODES = [
  "NETWORK_ACCESS_MODE_PRIVATE",
  "NETWORK_ACCESS_MODE_PUBLIC",
] as const;
/** Whether an endpoint (the API gateway) is reachable from the internet or privately only. */
export type NetworkAccessMode = (typeof NETWORK_ACCESS_MODES)[number];

export const PRIVATE_LINK_AUTH_MODES = [
  "PRIVATE_LINK_AUTH_MODE_MATCH",
  "PRIVATE_LINK_AUTH_MODE_SASL",
  "PRIVATE_LINK_AUTH_MODE_MTLS",
  "PRIVATE_LINK_AUTH_MODE_MTLS_AND_SASL",
  "PRIVATE_LINK_AUTH_MODE_NONE",
] as const;
/** How clients authenticate over a private link (AWS, Azure) or Private Service Connect (GCP). */
export type PrivateLinkAuthMode = (typeof PRIVATE_LINK_AUTH_MODES)[number];

export const DAYS_OF_WEEK = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;
/** A maintenance window's day. */
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const SERVERLESS_NETWORKING_STATES = ["STATE_DISABLED", "STATE_ENABLED"] as const;
/** Whether a Serverless cluster's public or private endpoint is on. */
export type ServerlessNetworkingState = (typeof SERVERLESS_NETWORKING_STATES)[number];

export const SECRET_SCOPES = [
  "SCOPE_REDPANDA_CONNECT",
  "SCOPE_REDPANDA_CLUSTER",
  "SCOPE_MCP_SERVER",
  "SCOPE_AI_AGENT",
  "SCOPE_AI_GATEWAY",
] as const;
/** What may read a data-plane secret (pipelines: `SCOPE_REDPANDA_CONNECT`). */
export type SecretScope = (typeof SECRET_SCOPES)[number];

/** The vendor's quota entity types; Redpanda supports the client-id ones (check refuses the rest). */
export const QUOTA_ENTITY_TYPES = [
  "ENTITY_TYPE_CLIENT_ID",
  "ENTITY_TYPE_CLIENT_ID_PREFIX",
  "ENTITY_TYPE_USER",
  "ENTITY_TYPE_IP",
] as const;
/** What a client quota applies to. */
export type QuotaEntityType = (typeof QUOTA_ENTITY_TYPES)[number];

/** The vendor's quota value types; Redpanda has no request-percentage quota (check refuses it). */
export const QUOTA_VALUE_TYPES = [
  "VALUE_TYPE_PRODUCER_BYTE_RATE",
  "VALUE_TYPE_CONSUMER_BYTE_RATE",
  "VALUE_TYPE_CONTROLLER_MUTATION_RATE",
  "VALUE_TYPE_REQUEST_PERCENTAGE",
] as const;
/** Which limit a client quota value sets. */
export type QuotaValueType = (typeof QUOTA_VALUE_TYPES)[number];

export const NAMED_ENUMS: Record<string, readonly string[]> = {
  CloudProvider: CLOUD_PROVIDERS,
  ClusterType: CLUSTER_TYPES,
  ConnectionType: CONNECTION_TYPES,
  SaslMechanism: SASL_MECHANISMS,
  AclResourceType: ACL_RESOURCE_TYPES,
  AclPatternType: ACL_PATTERN_TYPES,
  AclOperation: ACL_OPERATIONS,
  AclPermissionType: ACL_PERMISSION_TYPES,
  RoleName: ROLE_NAMES,
  ScopeResourceType: SCOPE_RESOURCE_TYPES,
  PipelineState: PIPELINE_STATES,
  NetworkAccessMode: NETWORK_ACCESS_MODES,
  PrivateLinkAuthMode: PRIVATE_LINK_AUTH_MODES,
  DayOfWeek: DAYS_OF_WEEK,
  ServerlessNetworkingState: SERVERLESS_NETWORKING_STATES,
  SecretScope: SECRET_SCOPES,
  QuotaEntityType: QUOTA_ENTITY_TYPES,
  QuotaValueType: QUOTA_VALUE_TYPES,
};
