// The provider plugin's start: launch → port printed (what the engine waits for), and launch →
// first answers (GetPluginInfo, then GetSchema), over 7 runs; prints medians, and the CPU time the
// process used until GetSchema (user + system, from /proc: less sensitive than wall time to a
// busy machine). `npm run build` first. `node bench/plugin-start.mjs [LAUNCHER]`: the package's
// launcher (provider/plugin/bin) by default, or another one, e.g. the release's, unpacked.
// In run.mjs's set as `plugin`.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdk] }));
const { ResourceProviderClient } = require("@pulumi/pulumi/proto/provider_grpc_pb");
const { GetSchemaRequest } = require("@pulumi/pulumi/proto/provider_pb");
const { Empty } = require("google-protobuf/google/protobuf/empty_pb");
export const PACKAGE_LAUNCHER = path.join(
  root,
  "provider",
  "plugin",
  "bin",
  "pulumi-resource-redpandacloud",
);
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms (user + system) of `pid` and its waited-for children, from /proc/<pid>/stat. */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Launch → port, → GetPluginInfo answered, → GetSchema answered: medians over `runs`, in ms. */
export async function benchPluginStart(runs = 7, log = () => {}, launcher = PACKAGE_LAUNCHER) {
  const rows = { port: [], info: [], schema: [], cpu: [] };
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
    // The launcher execs node (same pid): the plugin's own CPU until GetSchema answered.
    rows.cpu.push(cpuMs(p.pid));
    client.close();
    p.kill();
    log(
      `run ${i + 1}: port ${rows.port.at(-1).toFixed(0)} ms, info ${rows.info.at(-1).toFixed(0)} ms, schema ${rows.schema.at(-1).toFixed(0)} ms (${schema.length} chars), cpu ${rows.cpu.at(-1)} ms`,
    );
  }
  return {
    runs,
    portMs: Math.round(median(rows.port)),
    getPluginInfoMs: Math.round(median(rows.info)),
    getSchemaMs: Math.round(median(rows.schema)),
    cpuToGetSchemaMs: Math.round(median(rows.cpu)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchPluginStart(7, console.log, process.argv[2] ?? PACKAGE_LAUNCHER);
  console.log(
    `median: port ${r.portMs} ms, GetPluginInfo ${r.getPluginInfoMs} ms, GetSchema ${r.getSchemaMs} ms, CPU to GetSchema ${r.cpuToGetSchemaMs} ms`,
  );
}
