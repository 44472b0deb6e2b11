#!/usr/bin/env node
/**
 * `redpanda-cloud-emulator [--port N] [--host H] [--token T ...] [--state-file F] [--speed X] [--admin]
 *  [--forward-compat]`
 * Prints the control-plane base URL, then serves until SIGINT/SIGTERM.
 */
import { parseArgs } from "node:util";
import { DEFAULT_TOKEN, startEmulator } from "./server";

const USAGE = `usage: redpanda-cloud-emulator [options]
  --port N          TCP port (0 = any free port; default 0)
  --host H          interface to bind (default 127.0.0.1)
  --token T         accepted bearer token; repeat for more (default ${DEFAULT_TOKEN})
  --state-file F    keep the world in F across restarts (atomic writes)
  --speed X         operation duration factor (default 1; 0.05 = twenty times faster)
  --admin           enable the /_admin test-control API
  --token-ttl S     lifetime of issued OAuth2 tokens in seconds (default 3600)
  --forward-compat  answer as a newer API would: unknown fields and enum values in every response`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string", multiple: true },
      "state-file": { type: "string" },
      speed: { type: "string", default: "1" },
      admin: { type: "boolean", default: false },
      "token-ttl": { type: "string", default: "3600" },
      "forward-compat": { type: "boolean" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  const speed = Number(values.speed);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  if (!(speed >= 0)) throw new Error(`--speed must be a number >= 0, got ${values.speed}`);
  const emulator = await startEmulator({
    port,
    host: values.host,
    tokens: values.token ?? [DEFAULT_TOKEN],
    stateFile: values["state-file"],
    speed,
    admin: values.admin,
    tokenTtlSeconds: Number(values["token-ttl"]),
    forwardCompat: values["forward-compat"],
  });
  console.log(emulator.url);
  const stop = (signal: string) => {
    console.error(`redpanda-cloud-emulator: ${signal}, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(`redpanda-cloud-emulator: ${err instanceof Error ? err.message : String(err)}`);
  console.error(USAGE);
  process.exit(2);
});
