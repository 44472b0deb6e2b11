/**
 * google.rpc.Status error bodies, as the vendor's gateway writes them: `code` is the enum name,
 * the HTTP status follows grpc-gateway's mapping, details carry ErrorInfo / BadRequest.
 */
export type RpcCode =
  | "INVALID_ARGUMENT"
  | "FAILED_PRECONDITION"
  | "UNAUTHENTICATED"
  | "PERMISSION_DENIED"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "RESOURCE_EXHAUSTED"
  | "UNIMPLEMENTED"
  | "INTERNAL"
  | "UNAVAILABLE"
  | "DEADLINE_EXCEEDED";

const HTTP_STATUS: Record<RpcCode, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

export type Plane = "controlplane" | "dataplane";

export interface FieldViolation {
  field: string;
  description: string;
}

export interface RpcStatusBody {
  code: RpcCode;
  message: string;
  details: Record<string, unknown>[];
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: RpcCode,
    message: string,
    readonly reason?: string,
    readonly violations: FieldViolation[] = [],
    readonly extraDetails: Record<string, unknown>[] = [],
  ) {
    super(message);
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }

  body(plane: Plane): RpcStatusBody {
    const details: Record<string, unknown>[] = [];
    if (this.reason) {
      details.push({
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: this.reason,
        domain: `redpanda.com/${plane}`,
        metadata: {},
      });
    }
    if (this.violations.length > 0) {
      details.push({
        "@type": "type.googleapis.com/google.rpc.BadRequest",
        field_violations: this.violations,
      });
    }
    details.push(...this.extraDetails);
    return { code: this.code, message: this.message, details };
  }
}

export const notFound = (what: string, reason = "REASON_RESOURCE_NOT_FOUND"): ApiError =>
  new ApiError("NOT_FOUND", `${what} not found`, reason);

export const alreadyExists = (message: string, reason: string): ApiError =>
  new ApiError("ALREADY_EXISTS", message, reason);

export const invalid = (violations: FieldViolation[]): ApiError =>
  new ApiError(
    "INVALID_ARGUMENT",
    "provided parameters are invalid",
    "REASON_INVALID_INPUT",
    violations,
  );

export const precondition = (message: string, reason: string): ApiError =>
  new ApiError("FAILED_PRECONDITION", message, reason);
