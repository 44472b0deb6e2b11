/**
 * The engine's `Log` call, for the dynamic providers' process and the provider plugin alike: a line
 * with its severity, whether it is ephemeral (progress on the resource's row) and, when the caller
 * knows it, the resource's URN. On any failure the line goes to stderr, which the engine shows too.
 */
import type { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { engineStubs, sdkGrpc } from "./sdk-grpc";

export type EngineLine = (message: string, ephemeral: boolean, urn?: string) => void;

/** A client of the engine at `address`, connected at its first line. */
export function engineClient(address: string): EngineLine {
  let engine: EngineClient | undefined;
  let stubs: ReturnType<typeof engineStubs> | undefined;
  return (message, ephemeral, urn) => {
    try {
      stubs ??= engineStubs();
      engine ??= new stubs.rpc.EngineClient(address, sdkGrpc().credentials.createInsecure());
      const request = new stubs.pb.LogRequest();
      request.setSeverity(stubs.pb.LogSeverity.INFO);
      request.setMessage(message);
      request.setEphemeral(ephemeral);
      if (urn) request.setUrn(urn);
      engine.log(request, (err) => {
        if (err) process.stderr.write(`${message}\n`);
      });
    } catch {
      process.stderr.write(`${message}\n`);
    }
  };
}
