/**
 * The API clients a lookup reads with: served by the provider plugin (a function `Invoke`), its
 * provider instance's; called from a program, the stack config `redpanda:*` (else the REDPANDA_*
 * environment variables), the settings the resources use. Built by the one builder (context.ts).
 */
import type * as Pulumi from "@pulumi/pulumi";
import type { Clients } from "../transport/settings";
import { clientsFor, currentScope, getClients } from "./context";

export function lookupClients(): Clients {
  if (currentScope()) return getClients();
  // Loaded here, at a program's first lookup: a plugin serving resources never needs it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pulumi = require("@pulumi/pulumi") as typeof Pulumi;
  const config = new pulumi.Config("redpanda");
  return clientsFor((key) => config.get(key));
}
