/**
 * The `redpandacloud` provider plugin's process: serves the ResourceProvider service on a free
 * loopback port and prints only that port on stdout (what the engine reads). The engine's address
 * comes as the first argument; the process exits when the engine stops listening.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { engineLogger } from "./engine-log";
import { grpc } from "./grpc";
import { servedKinds } from "./registry-bridge";
import { providerHandlers } from "./server";
import { watchEngine } from "../runtime/orphan";

/** The package's folder: the nearest one up with this package's package.json. */
export function packageRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const { name } = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string };
      if (name === "pulumi-redpanda-cloud") return dir;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`pulumi-redpanda-cloud's package.json not found above ${from}`);
    dir = up;
  }
}

/** The checked-in schema generated from the declarations (sdk/schema.json), with this version. */
export function schemaSource(root: string, version: string): () => string {
  let text: string | undefined;
  return (): string => {
    if (text !== undefined) return text;
    const file = path.join(root, "sdk", "schema.json");
    if (!fs.existsSync(file)) {
      throw new Error(`the plugin's schema ${file} is missing: run \`npm run codegen\``);
    }
    const schema = JSON.parse(fs.readFileSync(file, "utf8")) as { version?: string };
    text = JSON.stringify({ ...schema, version });
    return text;
  };
}

export function serve(argv: readonly string[] = process.argv): void {
  const root = packageRoot();
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  const engine = argv.slice(2).find((a) => !a.startsWith("-"));
  const kinds = servedKinds();
  const handlers = providerHandlers({
    version,
    kinds,
    schema: schemaSource(root, version),
    log: engineLogger(engine),
  });
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(ResourceProviderService, handlers as never);
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

if (require.main === module) serve();
