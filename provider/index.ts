/**
 * pulumi-redpanda-cloud: Pulumi dynamic resource providers for Redpanda Cloud.
 *
 * This entry point is the public surface. The emulator lives at `pulumi-redpanda-cloud/emulator`.
 */
export { Cluster, Network, ResourceGroup, ServerlessCluster } from "./resources/control-plane";
export type {
  ByocAgentArgs,
  CloudProvider,
  ClusterArgs,
  ClusterType,
  NetworkArgs,
  ResourceGroupArgs,
  ServerlessClusterArgs,
} from "./resources/control-plane";
export { RoleBinding, ServiceAccount } from "./resources/iam";
export type { RoleBindingArgs, ScopeResourceType, ServiceAccountArgs } from "./resources/iam";
export {
  Acl,
  Connector,
  ConnectorSecret,
  Pipeline,
  Topic,
  User,
  secretReference,
} from "./resources/data-plane";
export type {
  AclArgs,
  ConnectorArgs,
  ConnectorSecretArgs,
  PipelineArgs,
  TopicArgs,
  UserArgs,
} from "./resources/data-plane";
export type { Timeouts } from "./resources/base";
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
export { DEFAULT_RETRY_POLICY } from "./client/retry";
export type { RetryPolicy } from "./client/retry";
export { ControlPlaneClient, DEFAULT_API_URL } from "./client/controlplane";
export { DataPlaneClient } from "./client/dataplane";
export { Clients, resolveSettings, DEFAULT_AUTH_URL, DEFAULT_AUDIENCE } from "./client/settings";
export type { ProviderSettings } from "./client/settings";
export { waitForOperation } from "./client/waiter";
export type { Progress, WaitOptions } from "./client/waiter";
export {
  getCluster,
  getOperation,
  getRoleBindings,
  getServerlessCluster,
  getUser,
} from "./lookups";
export type {
  ClusterInfo,
  OperationInfo,
  OrganizationUserInfo,
  RoleBindingInfo,
  ServerlessClusterInfo,
} from "./lookups";
