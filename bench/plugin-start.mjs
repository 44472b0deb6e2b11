// The provider plugin's start: launch → port printed (what the engine waits for), and launch →
// first answers (GetPluginInfo, then GetSchema), over 7 runs; prints medians. `npm run build` first.
// `node bench/plugin-start.mjs`; in run.mjs's set as `plugin` (issue 30 figures).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdk] }));
const { ResourceProviderClient } = require("@pulumi/pulumi/proto/provider_grpc_pb");
const { GetSchemaRequest } = require("@pulumi/pulumi/proto/provider_pb");
const { Empty } = require("google-protobuf/google/protobuf/empty_pb");
const launcher = path.join(root, "provider", "plugin", "bin", "pulumi-resource-redpandacloud");

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Launch → port, → GetPluginInfo answered, → GetSchema answered: medians over `runs`, in ms. */
export async function benchPluginStart(runs = 7, log = () => {}) {
  const rows = { port: [], info: [], schema: [] };
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const p = spawn(launcher, [], { cwd: "/tmp", stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise((res) => p.stdout.once("data", (d) => res(String(d).trim())));
    rows.port.push(ms(t0));
    const client = new ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    const call = (method, req) =>
      new Promise((res, rej) => client[method](req, (err, r) => (err ? rej(err) : res(r))));
    await call("getPluginInfo", new Empty());
    rows.info.push(ms(t0));
    const schema = (await call("getSchema", new GetSchemaRequest())).getSchema();
    rows.schema.push(ms(t0));
    client.close();
    p.kill();
    log(
      `run ${i + 1}: port ${rows.port.at(-1).toFixed(0)} ms, info ${rows.info.at(-1).toFixed(0)} ms, schema ${rows.schema.at(-1).toFixed(0)} ms (${schema.length} chars)`,
    );
  }
  return {
    runs,
    portMs: Math.round(median(rows.port)),
    getPluginInfoMs: Math.round(median(rows.info)),
    getSchemaMs: Math.round(median(rows.schema)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchPluginStart(7, console.log);
  console.log(
    `median: port ${r.portMs} ms, GetPluginInfo ${r.getPluginInfoMs} ms, GetSchema ${r.getSchemaMs} ms`,
  );
}
