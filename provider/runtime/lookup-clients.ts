/**
 * The API clients a lookup reads with: served by the provider plugin (a function `Invoke`), the
 * call context of its provider instance, which the plugin passes as the lookup's last argument;
 * called from a program, which passes none, the program's stack config `redpanda:*` (else the
 * REDPANDA_* environment variables) — the settings its resources use.
 */
import type * as Pulumi from "@pulumi/pulumi";
import type { Clients } from "../transport/settings";
import type { CallContext } from "./context";
import { ProviderInstance } from "./context";
import { engineLog } from "./engine-log";

/** The program's own provider instance, made at its first lookup. */
let program: ProviderInstance | undefined;

function programInstance(): ProviderInstance {
  if (!program) {
    // Loaded here, at a program's first lookup: a plugin serving resources never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pulumi = require("@pulumi/pulumi") as typeof Pulumi;
    const config = new pulumi.Config("redpanda");
    program = new ProviderInstance((key) => config.get(key), engineLog);
  }
  return program;
}

/** The clients of `ctx`, else of the program's stack config. */
export function lookupClients(ctx: CallContext | undefined): Clients {
  return ctx ? ctx.clients : programInstance().clients();
}
