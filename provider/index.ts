/**
 * pulumi-redpanda-cloud: Pulumi dynamic resource providers for Redpanda Cloud.
 *
 * This entry point is the public surface. The emulator lives at `pulumi-redpanda-cloud/emulator`.
 */
// Every kind's resource class and its `*Args` types (generated from the kind folders).
export * from "./kinds/exports";
export { secretReference } from "./kinds/connector-secret/secret-reference";
export type { Timeouts } from "./resources/base";
// The vendor's nested objects (private links, mTLS/SASL, maintenance windows, BYOVPC, ...).
export type * from "./wire/nested-inputs";
export type {
  AclOperation,
  AclPatternType,
  AclPermissionType,
  AclResourceType,
  CloudProvider,
  ClusterType,
  ConnectionType,
  DayOfWeek,
  NetworkAccessMode,
  PipelineState,
  PrivateLinkAuthMode,
  QuotaEntityType,
  QuotaValueType,
  RoleName,
  SaslMechanism,
  ScopeResourceType,
  SecretScope,
  ServerlessNetworkingState,
} from "./enums";
export {
  ACL_OPERATIONS,
  ACL_PATTERN_TYPES,
  ACL_PERMISSION_TYPES,
  ACL_RESOURCE_TYPES,
  CLOUD_PROVIDERS,
  CLUSTER_TYPES,
  CONNECTION_TYPES,
  DAYS_OF_WEEK,
  NETWORK_ACCESS_MODES,
  PIPELINE_STATES,
  PRIVATE_LINK_AUTH_MODES,
  QUOTA_ENTITY_TYPES,
  QUOTA_VALUE_TYPES,
  ROLE_NAMES,
  SASL_MECHANISMS,
  SCOPE_RESOURCE_TYPES,
  SECRET_SCOPES,
  SERVERLESS_NETWORKING_STATES,
} from "./enums";
export {
  ApiError,
  DeadlineError,
  Interrupted,
  OperationError,
  RedpandaError,
  ResourceInitFailed,
  isAlreadyExists,
  isInvalidArgument,
  isNotFound,
  isPermissionDenied,
  isRateLimited,
  isUnauthenticated,
} from "./errors";
export { isTransient } from "./retry/whether";
/** What a lookup's optional last argument is: the plugin passes its instance's; a program none. */
export type { CallContext } from "./runtime/context";
export type { ApiErrorInit, FieldViolation } from "./errors";
export { DEFAULT_RETRY_POLICY } from "./retry/when";
export type { RetryPolicy } from "./retry/when";
export type { Attempt, Budget, Retried } from "./transport/http";
export { ControlPlaneClient, DEFAULT_API_URL } from "./transport/controlplane";
export { DataPlaneClient } from "./transport/dataplane";
export type { SharedLists } from "./transport/dataplane";
export { SchemaRegistryClient } from "./kinds/schema/api";
export type { Credentials, SchemaReference, SubjectVersion } from "./kinds/schema/api";
export { SchemaRegistryAclClient } from "./kinds/schema-registry-acl/api";
export type { SrAcl } from "./kinds/schema-registry-acl/api";
export { Clients, resolveSettings, DEFAULT_AUTH_URL, DEFAULT_AUDIENCE } from "./transport/settings";
export type { ProviderSettings } from "./transport/settings";
export { DEFAULT_MAX_CONSECUTIVE_POLL_ERRORS, waitForOperation } from "./retry/waiter";
export type { Progress, WaitOptions } from "./retry/waiter";
export {
  getCluster,
  getNetwork,
  getGroup,
  getOperation,
  getOrganizationRole,
  getPermissions,
  getRegion,
  getRegions,
  getResourceGroup,
  getRoleBindings,
  getSchema,
  getServerlessCluster,
  getServerlessRegions,
  getThroughputTiers,
  getTransforms,
  getUser,
  getUsers,
} from "./lookups";
export type {
  ClusterInfo,
  GroupInfo,
  LookupKey,
  NetworkInfo,
  OperationInfo,
  OrganizationRoleInfo,
  OrganizationUserInfo,
  PermissionInfo,
  RegionInfo,
  ResourceGroupInfo,
  RoleBindingInfo,
  SchemaInfo,
  ServerlessClusterInfo,
  ServerlessRegionInfo,
  ThroughputTierInfo,
  TransformInfo,
} from "./lookups";
