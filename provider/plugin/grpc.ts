/**
 * The gRPC library and the engine's generated stubs, as `@pulumi/pulumi` ships them: the plugin
 * talks the protocol of the SDK the package already depends on, and takes `@grpc/grpc-js` from
 * the SDK's own dependency tree so the stubs and the server share one copy.
 */
import * as path from "node:path";
import type * as GrpcJs from "@grpc/grpc-js";

/* eslint-disable @typescript-eslint/no-require-imports -- resolved at run time, from the SDK's own tree */
function loadGrpc(): typeof GrpcJs {
  const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  return require(require.resolve("@grpc/grpc-js", { paths: [sdk] })) as typeof GrpcJs;
}
/* eslint-enable @typescript-eslint/no-require-imports */

export const grpc = loadGrpc();
export type { GrpcJs };
