/**
 * Messages from the provider process to the Pulumi engine's log. Progress while waiting goes as
 * *ephemeral*: the CLI shows it on the resource's row while it happens and leaves it out of the
 * Diagnostics printed at the end, where only what a user needs afterwards stays (a BYOC command
 * that ran, a resource that vanished, retries).
 *
 * The dynamic provider is started as `node …/cmd/dynamic-provider <engine address>`, but the SDK
 * does not connect its log API in that process; this makes the engine's own `Log` call, with the
 * gRPC library and generated stubs of the `@pulumi/pulumi` the process already runs. Anywhere else
 * (unit tests, a process without an engine) and on any failure, lines go to stderr, which the
 * engine also shows — as permanent diagnostics.
 */
import * as path from "node:path";
import { currentScope } from "./call-scope";

type Send = (message: string, ephemeral: boolean) => void;

let send: Send | null | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- resolved at run time, from the SDK's own tree */
function connect(): Send | null {
  const main = require.main?.filename ?? "";
  const address = process.argv[2];
  if (!main.includes(`${path.sep}dynamic-provider`) || !address) return null;
  try {
    const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdk] })) as {
      credentials: { createInsecure(): unknown };
    };
    const rpc = require("@pulumi/pulumi/proto/engine_grpc_pb") as {
      EngineClient: new (
        address: string,
        credentials: unknown,
      ) => {
        log(request: unknown, done: (err: Error | null) => void): void;
      };
    };
    const pb = require("@pulumi/pulumi/proto/engine_pb") as {
      LogRequest: new () => {
        setSeverity(s: number): void;
        setMessage(m: string): void;
        setEphemeral(e: boolean): void;
      };
      LogSeverity: { INFO: number };
    };
    const engine = new rpc.EngineClient(address, grpc.credentials.createInsecure());
    return (message, ephemeral) => {
      const request = new pb.LogRequest();
      request.setSeverity(pb.LogSeverity.INFO);
      request.setMessage(message);
      request.setEphemeral(ephemeral);
      engine.log(request, (err) => {
        if (err) process.stderr.write(`${message}\n`);
      });
    };
  } catch {
    return null;
  }
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** Logs a line; `ephemeral` lines are progress, shown while running and not kept. */
export function engineLog(message: string, ephemeral: boolean): void {
  // The provider plugin's call: its own engine connection, with the resource's URN.
  const scoped = currentScope()?.log;
  if (scoped) return scoped(message, ephemeral);
  if (send === undefined) send = connect();
  if (send) send(message, ephemeral);
  else process.stderr.write(`${message}\n`);
}
