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
import type { EngineLine } from "./engine-client";
import { engineClient } from "./engine-client";

let send: EngineLine | null | undefined;

/** The engine's client when this is the dynamic-provider process (its first argument is the engine). */
function connect(): EngineLine | null {
  const main = require.main?.filename ?? "";
  const address = process.argv[2];
  if (!main.includes(`${path.sep}dynamic-provider`) || !address) return null;
  return engineClient(address);
}

/**
 * Logs a line of the dynamic provider's process (a plugin's call logs through its scope,
 * runtime/context.ts); `ephemeral` lines are progress, shown while running and not kept.
 */
export function engineLog(message: string, ephemeral: boolean): void {
  if (send === undefined) send = connect();
  if (send) send(message, ephemeral);
  else process.stderr.write(`${message}\n`);
}
