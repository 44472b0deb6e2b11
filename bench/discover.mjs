// Discovery (issue 37): `redpanda-cloud-discover` (the built bin, a child process) of one
// organization whose one Dedicated cluster holds 1,000 topics, 500 users and 1,000 ACLs, made
// through the REST API on a zero-latency emulator; its wall time and the API requests it made
// (the emulator's request log, by method and route: paged list calls, not one per object). Then
// `pulumi import --file` of what it wrote into a YAML project through the provider plugin, each on
// a fresh stack: as a user runs it (code generated with `--out`), the same with
// `PULUMI_SKIP_CHECKPOINTS=true` (the file backend then writes the state once at the end, not after
// every resource), and that without code generation (`--generate-code=false`): where the time goes.
// `npm run build` first; `node bench/discover.mjs`, or `npm run bench -- discover`.
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { startEmulator } from "../dist/emulator/index.js";
import { REPO, stackEnv } from "./engine.mjs";
import { readyCluster } from "./overhead.mjs";

const TOKEN = "bench";
const BIN = path.join(REPO, "dist", "provider", "discover", "cli.js");
const LAUNCHER_DIR = path.join(REPO, "provider", "plugin", "bin");
const run = promisify(execFile);

/** `count` REST creates, `at` a time. */
async function fill(count, at, send) {
  for (let i = 0; i < count; i += at) {
    await Promise.all(
      Array.from({ length: Math.min(at, count - i) }, async (_, j) => {
        const res = await send(i + j);
        if (!res.ok) throw new Error(`create ${i + j}: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/** 1,000 topics, 500 users and 1,000 ACLs (user i reads topic i and writes topic i + 500). */
export async function populate(dp, sizes) {
  const post = (route, body) =>
    fetch(`${dp}${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await fill(sizes.topics, 50, (i) =>
    post("/v1/topics", { name: `topic-${i}`, partition_count: 1 }),
  );
  await fill(sizes.users, 50, (i) =>
    post("/v1/users", {
      name: `user-${i}`,
      password: `password-${i}`,
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    }),
  );
  await fill(sizes.acls, 50, (i) =>
    post("/v1/acls", {
      resource_type: "RESOURCE_TYPE_TOPIC",
      resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
      resource_name: `topic-${i % sizes.topics}`,
      principal: `User:user-${i % sizes.users}`,
      host: "*",
      operation: i < sizes.users ? "OPERATION_READ" : "OPERATION_WRITE",
      permission_type: "PERMISSION_TYPE_ALLOW",
    }),
  );
}

/** The emulator's request log (admin API). */
export async function requestLog(emu, method = "GET") {
  const res = await fetch(`${emu.url}/_admin/requests`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return method === "GET" ? res.json() : undefined;
}

/** A fresh YAML project through the plugin, configured for the emulator; its `pulumi` runner. */
function yamlProject(name, emu, extraEnv = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-bench-${name}-`));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: ${name}\nruntime: yaml\nplugins:\n  providers:\n    - name: redpandacloud\n      path: ${JSON.stringify(LAUNCHER_DIR)}\n`,
  );
  fs.mkdirSync(path.join(dir, ".state"));
  const hosts = execFileSync(
    "bash",
    [path.join(REPO, "scripts", "language-hosts.sh"), "ensure", "yaml"],
    { encoding: "utf8" },
  );
  const root = /PULUMI_TOOLCHAIN_ROOT=(.*)/.exec(hosts)[1].trim();
  const env = stackEnv(root, dir, extraEnv);
  // Asynchronous: the emulator serves from this process.
  const pulumi = (...args) =>
    run(path.join(root, "bin", "pulumi"), args, { cwd: dir, env, maxBuffer: 256 * 1024 * 1024 });
  return {
    dir,
    pulumi,
    async init() {
      await pulumi("stack", "init", "bench", "--non-interactive");
      await pulumi("config", "set", "redpandacloud:apiUrl", emu.url);
      await pulumi("config", "set", "--secret", "redpandacloud:accessToken", TOKEN);
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Wall seconds of `pulumi import --file` of `file` on a fresh stack; with `--out` or without code. */
export async function timeImport(emu, json, generate, env = {}) {
  const project = yamlProject(generate ? "import-code" : "import-nocode", emu, env);
  try {
    await project.init();
    fs.writeFileSync(path.join(project.dir, "import.json"), json);
    const codeArgs = generate ? ["--out", "imported.yaml"] : ["--generate-code=false"];
    const start = performance.now();
    const { stdout } = await project.pulumi(
      "import",
      "--file",
      "import.json",
      ...codeArgs,
      "--yes",
      "--protect=false",
      "--non-interactive",
      "--skip-preview",
    );
    const seconds = Number(((performance.now() - start) / 1000).toFixed(1));
    const imported = Number(/= (\d+) imported/.exec(stdout)?.[1] ?? 0);
    return { seconds, imported };
  } finally {
    project.cleanup();
  }
}

/** Requests of the log by `METHOD route`, most first. */
function byRoute(entries) {
  const counts = {};
  for (const e of entries)
    counts[`${e.method} ${e.route}`] = (counts[`${e.method} ${e.route}`] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}

export async function benchDiscover(sizes = { topics: 1000, users: 500, acls: 1000 }) {
  const loadAtStart = Number(os.loadavg()[0].toFixed(2));
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0, admin: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-bench-discover-"));
  try {
    const dp = await readyCluster(emu);
    await populate(dp, sizes);
    await requestLog(emu, "DELETE");
    const file = path.join(work, "import.json");
    const start = performance.now();
    await run(process.execPath, [BIN, "--out", file], {
      env: { ...process.env, REDPANDA_API_URL: emu.url, REDPANDA_ACCESS_TOKEN: TOKEN },
    });
    const seconds = Number(((performance.now() - start) / 1000).toFixed(2));
    const { entries } = await requestLog(emu);
    const json = fs.readFileSync(file, "utf8");
    const resources = JSON.parse(json).resources.length;
    const discovery = {
      seconds,
      resources,
      requests: entries.length,
      writes: entries.filter((e) => e.method !== "GET").length,
      byRoute: byRoute(entries),
    };
    console.error(`discovery: ${JSON.stringify(discovery)}`);
    const skip = { PULUMI_SKIP_CHECKPOINTS: "true" };
    const imports = {};
    for (const [name, generate, env] of [
      ["asUsersRunIt", true, {}],
      ["skipCheckpoints", true, skip],
      ["skipCheckpointsNoCode", false, skip],
    ]) {
      await requestLog(emu, "DELETE");
      imports[name] = await timeImport(emu, json, generate, env);
      imports[name].requests = (await requestLog(emu)).entries.length;
      console.error(`import (${name}): ${JSON.stringify(imports[name])}`);
    }
    const loadAtEnd = Number(os.loadavg()[0].toFixed(2));
    return {
      sizes,
      discovery,
      import: imports,
      loadAvg1m: { atStart: loadAtStart, atEnd: loadAtEnd },
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchDiscover(), null, 2));
}
