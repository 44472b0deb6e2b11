/**
 * The `redpandacloud` provider plugin's process: serves the ResourceProvider service on a free
 * loopback port and prints only that port on stdout (what the engine reads). The engine's address
 * comes as the first argument; the process exits when the engine stops listening.
 *
 * Start is what the engine waits for on every run: before the port, only the gRPC library and the
 * service's stubs load. The kinds (their declarations, clients and lifecycle) load at the first call
 * that needs them; GetPluginInfo and GetSchema never do. Where the version and schema come from is
 * the caller's: main.ts (the package) or the release's bundle (scripts/release/plugin-entry.ts).
 */
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { ProviderHandlers } from "./server";
import { watchEngine } from "../runtime/orphan";
import { sdkGrpc } from "../runtime/sdk-grpc";

// Not through ./grpc (registry-bridge): that would load the kinds before the port is printed.
const grpc = sdkGrpc();

/** What the plugin says of itself: its version (GetPluginInfo) and its schema (GetSchema). */
export interface PluginMeta {
  version: string;
  /** The package schema's JSON text, naming `version`. */
  schema: () => string;
}

/** The schema's JSON text naming `version` (one version everywhere: package.json's). */
export function withVersion(schema: object, version: string): string {
  return JSON.stringify({ ...schema, version });
}

type Handler = (call: unknown, callback: (err: unknown, res?: unknown) => void) => void;

/** The full handlers (server.ts and the kinds), loaded once: a separate chunk in the bundle. */
async function loadHandlers(
  meta: PluginMeta,
  engine: string | undefined,
): Promise<ProviderHandlers> {
  const [server, bridge, log] = await Promise.all([
    import("./server"),
    import("./registry-bridge"),
    import("./engine-log"),
  ]);
  return server.providerHandlers({
    ...meta,
    kinds: bridge.servedKinds(),
    log: log.engineLogger(engine),
  });
}

/**
 * The methods server.ts answers besides GetPluginInfo and GetSchema (tests/unit/plugin/serve.test.ts
 * checks the list against it). Any other method of the service (Handshake, Construct, ...) is
 * UNIMPLEMENTED at once, as grpc-js answers a method with no handler: the engine's first call,
 * Handshake, must not load the kinds.
 */
export const FULL_METHODS: readonly string[] = [
  "checkConfig",
  "diffConfig",
  "configure",
  "check",
  "diff",
  "create",
  "read",
  "update",
  "delete",
  "invoke",
  "cancel",
  "attach",
  "getMapping",
  "getMappings",
];

/**
 * The service's handlers: GetPluginInfo and GetSchema answered here, the FULL_METHODS by the full
 * handlers, loaded at the first call that reaches one.
 */
export function lazyHandlers(
  meta: PluginMeta,
  engine: string | undefined,
): Record<string, Handler> {
  let full: Promise<ProviderHandlers> | undefined;
  const handlers: Record<string, Handler> = {};
  for (const method of FULL_METHODS) {
    const name = method as keyof ProviderHandlers;
    handlers[name] = (call, callback) => {
      full ??= loadHandlers(meta, engine);
      full.then(
        (h) => (h[name] as Handler)(call, callback),
        (err: Error) => callback({ code: grpc.status.INTERNAL, details: err.message }),
      );
    };
  }
  handlers.getPluginInfo = (_call, callback) =>
    callback(null, new PluginInfo().setVersion(meta.version));
  handlers.getSchema = (_call, callback) => {
    try {
      callback(null, new GetSchemaResponse().setSchema(meta.schema()));
    } catch (err) {
      callback({ code: grpc.status.INTERNAL, details: (err as Error).message });
    }
  };
  return handlers;
}

export function serve(argv: readonly string[], meta: PluginMeta): void {
  const engine = argv.slice(2).find((a) => !a.startsWith("-"));
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(ResourceProviderService, lazyHandlers(meta, engine) as never);
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) {
      process.stderr.write(`redpandacloud plugin: cannot listen: ${err.message}\n`);
      process.exit(1);
    }
    process.stdout.write(`${port}\n`);
  });
  // A plugin whose engine is gone (killed CLI) must not live on.
  watchEngine(argv, (code) => process.exit(code));
}
