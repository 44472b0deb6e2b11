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
