/**
 * The gRPC library and the engine's generated stubs, as `@pulumi/pulumi` ships them: the plugin
 * talks the protocol of the SDK the package already depends on, and takes `@grpc/grpc-js` from
 * the SDK's own dependency tree so the stubs and the server share one copy.
 */
import type * as GrpcJs from "@grpc/grpc-js";
import { sdkGrpc } from "./registry-bridge";

export const grpc = sdkGrpc();
export type { GrpcJs };
