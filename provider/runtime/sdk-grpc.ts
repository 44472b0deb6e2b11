/**
 * `@grpc/grpc-js` and the engine's generated stubs as the `@pulumi/pulumi` this process runs ships
 * them: our calls speak that SDK's protocol with its own copy of the library. Loaded on first use,
 * not at import: a program process that never talks to the engine never loads them.
 */
import * as path from "node:path";
import type * as GrpcJs from "@grpc/grpc-js";
import type * as EngineRpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as EnginePb from "@pulumi/pulumi/proto/engine_pb";

/* eslint-disable @typescript-eslint/no-require-imports -- resolved at run time, from the SDK's own tree */
export function sdkGrpc(): typeof GrpcJs {
  const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  return require(require.resolve("@grpc/grpc-js", { paths: [sdk] })) as typeof GrpcJs;
}

export function engineStubs(): { rpc: typeof EngineRpc; pb: typeof EnginePb } {
  return {
    rpc: require("@pulumi/pulumi/proto/engine_grpc_pb") as typeof EngineRpc,
    pb: require("@pulumi/pulumi/proto/engine_pb") as typeof EnginePb,
  };
}
/* eslint-enable @typescript-eslint/no-require-imports */
