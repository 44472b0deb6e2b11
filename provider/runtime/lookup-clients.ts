/**
 * The API clients a lookup reads with: served by the provider plugin (a function `Invoke`), its
 * provider instance's; called from a program, one set built from the stack config `redpanda:*`
 * (else the REDPANDA_* environment variables), the settings the resources use.
 */
import type * as Pulumi from "@pulumi/pulumi";
import { Clients, resolveSettings } from "../transport/settings";
import { currentScope } from "./call-scope";
import { getClients } from "./context";

let shared: Clients | undefined;

export function lookupClients(): Clients {
  if (currentScope()) return getClients();
  if (!shared) {
    // Loaded here, at a program's first lookup: a plugin serving resources never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pulumi = require("@pulumi/pulumi") as typeof Pulumi;
    const config = new pulumi.Config("redpanda");
    shared = new Clients(resolveSettings((key) => config.get(key)));
  }
  return shared;
}
