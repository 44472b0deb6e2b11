/**
 * pulumi-redpanda-cloud: Pulumi dynamic resource providers for Redpanda Cloud.
 *
 * This entry point is the public surface. The emulator lives at `pulumi-redpanda-cloud/emulator`.
 */
export { ResourceGroup } from "./resources/resource-group";
export type { ResourceGroupArgs } from "./resources/resource-group";
export { Network } from "./resources/network";
export type { NetworkArgs } from "./resources/network";
export { Cluster } from "./resources/cluster";
export type { ByocAgentArgs, ClusterArgs } from "./resources/cluster";
export { ServerlessCluster } from "./resources/serverless-cluster";
export type { ServerlessClusterArgs } from "./resources/serverless-cluster";
export { ServerlessPrivateLink } from "./resources/serverless-private-link";
export type {
  ServerlessPrivateLinkArgs,
  ServerlessPrivateLinkAwsArgs,
} from "./resources/serverless-private-link";
export { ShadowLink } from "./resources/shadow-link";
export type { ShadowLinkArgs } from "./resources/shadow-link";
export { ServiceAccount } from "./resources/service-account";
export type { ServiceAccountArgs } from "./resources/service-account";
export { RoleBinding } from "./resources/role-binding";
export type { RoleBindingArgs } from "./resources/role-binding";
export { User } from "./resources/user";
export type { UserArgs } from "./resources/user";
export { Acl } from "./resources/acl";
export type { AclArgs } from "./resources/acl";
export { Topic } from "./resources/topic";
export type { TopicArgs } from "./resources/topic";
export { Pipeline } from "./resources/pipeline";
export type { PipelineArgs } from "./resources/pipeline";
export { ConnectorSecret } from "./resources/connector-secret";
export type { ConnectorSecretArgs } from "./resources/connector-secret";
export { secretReference } from "./resources/secret-reference";
export { Role } from "./resources/role";
export type { RoleArgs } from "./resources/role";
export { RoleAssignment } from "./resources/role-assignment";
export type { RoleAssignmentArgs } from "./resources/role-assignment";
export { Schema } from "./resources/schema";
export type { SchemaArgs, SchemaReferenceArgs } from "./resources/schema";
export { SchemaRegistryAcl } from "./resources/schema-registry-acl";
export type { SchemaRegistryAclArgs } from "./resources/schema-registry-acl";
export { Secret } from "./resources/secret";
export type { SecretArgs } from "./resources/secret";
export { Connector } from "./resources/connector";
export type { ConnectorArgs } from "./resources/connector";
export { NetworkPeering } from "./resources/network-peering";
export type {
  NetworkPeeringArgs,
  NetworkPeeringAwsArgs,
  NetworkPeeringAzureArgs,
  NetworkPeeringGcpArgs,
} from "./resources/network-peering";
export { Group } from "./resources/group";
export type { GroupArgs } from "./resources/group";
export { OrganizationRole } from "./resources/organization-role";
export type { OrganizationRoleArgs } from "./resources/organization-role";
export { UserInvite } from "./resources/user-invite";
export type { UserInviteArgs, UserInviteRoleBindingArgs } from "./resources/user-invite";
export { Quota } from "./resources/quota";
export type { QuotaArgs, QuotaEntityArgs, QuotaValueArgs } from "./resources/quota";
export type { Timeouts } from "./resources/base";
// The vendor's nested objects (private links, mTLS/SASL, maintenance windows, BYOVPC, ...).
export type * from "./resources/wire-types";
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
  OperationError,
  RedpandaError,
  isAlreadyExists,
  isInvalidArgument,
  isNotFound,
  isPermissionDenied,
  isRateLimited,
  isTransient,
  isUnauthenticated,
} from "./client/errors";
export type { ApiErrorInit, FieldViolation } from "./client/errors";
export { DEFAULT_RETRY_POLICY } from "./retry/when";
export type { RetryPolicy } from "./retry/when";
export { ControlPlaneClient, DEFAULT_API_URL } from "./client/controlplane";
export { DataPlaneClient } from "./client/dataplane";
export { SchemaRegistryClient } from "./client/schema";
export type { Credentials, SchemaReference, SubjectVersion } from "./client/schema";
export { SchemaRegistryAclClient } from "./client/schema-registry-acl";
export type { SrAcl } from "./client/schema-registry-acl";
export { Clients, resolveSettings, DEFAULT_AUTH_URL, DEFAULT_AUDIENCE } from "./client/settings";
export type { ProviderSettings } from "./client/settings";
export { waitForOperation } from "./retry/waiter";
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
} from "./lookups";
