/**
 * Lines to the engine's log for one resource: the engine's `Log` call with the resource's URN, so
 * progress shows on the resource's row while it happens (`ephemeral`) and what a user needs
 * afterwards stays in the Diagnostics. The engine's address is the plugin's first argument; with
 * none, or on any failure, lines go to stderr, which the engine shows too.
 */
import { engineClient } from "./registry-bridge";

export type ResourceLog = (urn: string, message: string, ephemeral: boolean) => void;

/** A logger to the engine at `address`, else to stderr. */
export function engineLogger(address: string | undefined): ResourceLog {
  if (!address) return (_urn, message) => void process.stderr.write(`${message}\n`);
  const line = engineClient(address);
  return (urn, message, ephemeral) => line(message, ephemeral, urn);
}
