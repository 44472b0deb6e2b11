/**
 * pulumi-redpanda-cloud: Pulumi dynamic resource providers for Redpanda Cloud.
 *
 * This entry point is the public surface. The emulator lives at `pulumi-redpanda-cloud/emulator`.
 */
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
