/**
 * Errors as the engine reads them: the message, and for a create the API accepted but that did not
 * become ready, the id and properties packed as `ErrorResourceInitFailed` in the status details,
 * so the engine keeps the resource in the state instead of orphaning it.
 */
import { Any } from "google-protobuf/google/protobuf/any_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { inPluginNamespace } from "./config";
import { grpc } from "./grpc";
import type { GrpcJs } from "./grpc";
import { toStruct } from "./props";
import { ResourceInitFailed } from "./registry-bridge";

/**
 * The engine's error for a failed call, in the plugin's words: the shared runtime names settings
 * `redpanda:<key>` (a deletion refusal's `pulumi config set redpanda:allowDeletion true`), which
 * for a plugin user are `redpandacloud:<key>`.
 */
export function grpcError(err: unknown): Partial<GrpcJs.ServiceError> {
  const message = inPluginNamespace(
    err instanceof Error ? err.message : String((err as Error)?.message ?? err),
  );
  const metadata = new grpc.Metadata();
  if (err instanceof ResourceInitFailed) {
    const detail = new pb.ErrorResourceInitFailed();
    detail.setId(err.id);
    detail.setProperties(toStruct(err.properties, err.secrets));
    detail.setReasonsList(err.reasons.map(inPluginNamespace));
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, message, metadata };
}
