#!/usr/bin/env node
// The main job. `npm start` (`up`): set up what is missing (npm install, build, the pinned Pulumi
// CLI), start the emulator with a state file, `pulumi up` the root project, print what exists, run a
// second `pulumi up` that must report no changes, stop the emulator. `npm run destroy` (`destroy`):
// start the emulator on the same state, `pulumi destroy`, remove the stack, stop the emulator.
// Nothing keeps running after either command. Only Node built-ins are imported, so this runs before
// `npm install` (the emulator's build is required once it exists, to count what it holds).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the emulator's state file, the `file://` backend and PULUMI_HOME live. */
const LOCAL = path.resolve(process.env.REDPANDA_LOCAL_DIR ?? path.join(ROOT, ".local"));
const STACK = process.env.REDPANDA_LOCAL_STACK ?? "local";
const SPEED = process.env.REDPANDA_EMULATOR_SPEED ?? "1";
// The stack only ever holds emulator data, so its passphrase can be fixed and public. The
// emulator's bearer token is not: it is made on the first run and kept in `.local/emulator-token`
// (mode 0600, `--token-file`), so that no other process on the machine can use the emulator's API.
const PASSPHRASE = "redpanda-local-emulator";
/** The emulator's bearer token, read from its token file once it has started. */
let token;

const files = {
  state: path.join(LOCAL, "emulator-state.json"),
  port: path.join(LOCAL, "emulator.port"),
  token: path.join(LOCAL, "emulator-token"),
  backend: path.join(LOCAL, "backend"),
  home: path.join(LOCAL, "pulumi-home"),
};

const say = (message) => console.log(`\n==> ${message}`);

/**
 * Runs a command; resolves with its exit code and (when `capture`) its stdout. `input` goes to its
 * stdin (how a secret reaches `pulumi config set` without showing in the process list).
 */
function run(command, args, { env, capture = false, echo = true, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: [input === undefined ? "ignore" : "pipe", capture ? "pipe" : "inherit", "inherit"],
    });
    if (input !== undefined) child.stdin.end(input);
    let stdout = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout }));
  });
}

async function mustRun(what, command, args, options) {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code})`);
  return result;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Installs, builds and fetches the toolchain only when needed; returns the Pulumi CLI's bin dir. */
async function setUp() {
  if (!fs.existsSync(path.join(ROOT, "node_modules", "@pulumi", "pulumi"))) {
    say("Installing dependencies (npm install)");
    await mustRun("npm install", "npm", ["install", "--no-audit", "--no-fund"]);
  }
  const built = path.join(ROOT, "dist", "provider", "index.js");
  const sources = Math.max(
    newestMtime(path.join(ROOT, "provider")),
    newestMtime(path.join(ROOT, "emulator")),
  );
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
    say("Building the package (npm run build)");
    await mustRun("npm run build", "npm", ["run", "--silent", "build"]);
  }
  say("Pulumi CLI v3.248.0 (built from Go modules on first use, then cached)");
  const { stdout } = await mustRun(
    "the Pulumi toolchain",
    "bash",
    [path.join(ROOT, "scripts", "pulumi-toolchain.sh"), "ensure"],
    { capture: true, echo: false },
  );
  const toolchainRoot = stdout.trim().split("\n").pop();
  return path.join(toolchainRoot, "bin");
}

let emulator;

/**
 * The port is kept with the state: every data-plane URL in the Pulumi state names it, so the
 * emulator must come back on the same one for later runs and for `destroy`. The first run lets the
 * emulator pick a free one (`--port 0`) and records it.
 */
async function startEmulator() {
  const savedPort = fs.existsSync(files.port) ? fs.readFileSync(files.port, "utf8").trim() : "";
  const args = [
    path.join(ROOT, "dist", "emulator", "cli.js"),
    "--port",
    savedPort || "0",
    "--state-file",
    files.state,
    "--speed",
    SPEED,
    "--admin",
    "--token-file",
    files.token,
  ];
  // Its own process group: a Ctrl-C in the terminal reaches Pulumi (which finishes its current
  // step against the emulator) but not the emulator, which this job stops once Pulumi is done.
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  emulator = child;
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n")[0];
      if (out.includes("\n")) resolve(line.trim());
    });
    child.once("exit", (code) =>
      reject(new Error(`the emulator exited (code ${code}) before it was ready`)),
    );
  });
  if (!savedPort) fs.writeFileSync(files.port, new URL(url).port);
  // Written by the emulator before it prints its URL.
  token = fs.readFileSync(files.token, "utf8").trim();
  say(`Emulator at ${url} (state file ${path.relative(ROOT, files.state)}, speed ${SPEED})`);
  return url;
}

async function stopEmulator() {
  const child = emulator;
  emulator = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  say("Emulator stopped");
}

// A Ctrl-C reaches Pulumi too (same process group); wait for it to finish, then stop the emulator.
process.on("SIGINT", () => console.error("\nInterrupted: waiting for Pulumi to stop…"));
process.on("exit", () => emulator?.kill("SIGKILL"));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/**
 * A main job killed mid-run (closed terminal, SIGKILL) leaves the stack's lock file behind, and
 * Pulumi then refuses every command. The backend is this job's own: a lock taken on this host by a
 * process that no longer exists is stale and is removed.
 */
function removeStaleLocks() {
  const dir = path.join(files.backend, ".pulumi", "locks");
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(entry));
    if (!file.endsWith(".json") || !fs.statSync(file).isFile()) continue;
    const lock = JSON.parse(fs.readFileSync(file, "utf8"));
    if (lock.hostname !== os.hostname() || isAlive(lock.pid)) continue;
    fs.rmSync(file);
    fs.rmSync(`${file}.attrs`, { force: true });
    say(`Removed a stale lock left by an interrupted run (pid ${lock.pid})`);
  }
}

function pulumiEnv(binDir, url) {
  return {
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    PULUMI_BACKEND_URL: `file://${files.backend}`,
    PULUMI_HOME: files.home,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // Read by the provider at run time; nothing of it is stored in the state.
    REDPANDA_API_URL: url,
    REDPANDA_ACCESS_TOKEN: token,
    REDPANDA_EMULATOR_URL: url,
  };
}

async function fetchJson(url) {
  // The emulator's test-control API takes the API's bearer tokens.
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The objects the emulator holds, by its own count (emulator/domain/inventory.ts): every kind,
 * less the topics Redpanda keeps for itself (`internalTopics`: `_schemas`, `__consumer_offsets`, ...,
 * which go with their cluster). Read from the build, which exists once the emulator has started.
 */
function countInventory(inventory) {
  const { objectCount } = createRequire(import.meta.url)(path.join(ROOT, "dist", "emulator"));
  return objectCount(inventory);
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  return rows.map((r) => `  ${line(r).trimEnd()}`).join("\n");
}

/** What exists, from `pulumi stack export` (secrets stay encrypted) and the emulator's inventory. */
async function summarize(env, url) {
  const pulumi = (args) =>
    mustRun(`pulumi ${args[0]}`, "pulumi", args, { env, capture: true, echo: false });
  const exported = JSON.parse((await pulumi(["stack", "export", "--stack", STACK])).stdout);
  const outputs = JSON.parse(
    (await pulumi(["stack", "output", "--json", "--stack", STACK])).stdout,
  );
  const resources = (exported.deployment.resources ?? []).filter((r) =>
    r.type.startsWith("pulumi-nodejs:dynamic/redpanda:"),
  );
  const rows = [["KIND", "NAME", "ID"]];
  for (const r of resources) {
    const kind = r.type.split(":").pop();
    const name = typeof r.outputs?.name === "string" ? r.outputs.name : r.urn.split("::").pop();
    rows.push([kind, name, r.id]);
  }
  const inventory = await fetchJson(`${url}/_admin/inventory`);
  say(`What exists now (stack "${STACK}")`);
  console.log(table(rows));
  console.log(`\n  Cluster data-plane URL: ${outputs.clusterDataplaneApiUrl}`);
  console.log(`  Kafka seed brokers:     ${(outputs.kafkaSeedBrokers ?? []).join(", ")}`);
  console.log(
    `  ${resources.length} resources in the Pulumi state; ${countInventory(inventory)} objects in the emulator`,
  );
  return outputs;
}

/**
 * This local stack is the job's own, removed by `npm run destroy`: it takes the documented
 * stack-wide opt-out of the deletion guard (README, "Safe deletion"), set before every `up` and
 * `destroy` (so a stack an earlier version of the job made is destroyed too).
 */
async function allowDeletion(env) {
  await mustRun(
    "pulumi config set redpanda:allowDeletion true",
    "pulumi",
    ["config", "set", "redpanda:allowDeletion", "true", "--stack", STACK],
    { env },
  );
}

/**
 * The app user's password: stack config, generated once per stack (a random secret rather than
 * the example's public default), never printed.
 */
async function appPassword(env) {
  const args = ["config", "get", "appPassword", "--stack", STACK];
  const got = await run("pulumi", args, { env, capture: true, echo: false });
  if (got.code === 0) return got.stdout.trim();
  const generated = crypto.randomBytes(18).toString("base64url");
  await mustRun(
    "pulumi config set --secret appPassword",
    "pulumi",
    ["config", "set", "--secret", "appPassword", "--stack", STACK],
    { env, input: generated },
  );
  return generated;
}

/**
 * With the emulator's Kafka API on: the stack's user produces and consumes on its topic with a
 * real Kafka client, and the job prints the commands to do the same.
 */
async function kafkaRoundTrip(env, outputs) {
  const brokers = outputs.kafkaSeedBrokers ?? [];
  const user = outputs.kafkaUser;
  const topic = (outputs.topics ?? [])[0];
  if (brokers.length === 0 || !brokers.every((b) => b.startsWith("127.0.0.1:"))) {
    say("No Kafka API to try: the emulator runs its in-memory data plane");
    return;
  }
  const password = await appPassword(env);
  const client = path.relative(ROOT, path.join(ROOT, "scripts", "kafka-client.mjs"));
  const commands = [
    ["produce", "--count", "10"],
    ["consume", "--count", "10", "--group", `${user}-reader`],
  ].map(([verb, ...rest]) => [
    client,
    verb,
    "--brokers",
    brokers.join(","),
    "--user",
    user,
    "--topic",
    topic,
    ...rest,
  ]);
  for (const args of commands) {
    const done = await run(process.execPath, args, {
      env: { KAFKA_PASSWORD: password },
      capture: true,
      echo: false,
    });
    const answer = JSON.parse(done.stdout.trim().split("\n").pop() || "{}");
    if (!answer.ok) throw new Error(`kafka-client ${args[1]} as ${user}: ${answer.error}`);
  }
  say(`Kafka API: ${user} produced and consumed 10 records on "${topic}" (SCRAM-SHA-256)`);
  console.log("  The same with the project's Kafka client, while the emulator runs:");
  for (const args of commands)
    console.log(`    KAFKA_PASSWORD=<appPassword> node ${args.join(" ")}`);
  console.log(
    "  (appPassword is the stack's secret config. This job stops the emulator; started again on\n" +
      "  the same state it serves the same topics and users, on a new broker port.)",
  );
}

/**
 * Pulumi's non-interactive output is quiet while a cluster is being built, and the provider's own
 * progress lines arrive at the end with the diagnostics; so every few seconds, say what the
 * emulator is still working on.
 */
function watchProgress(url, startedAt) {
  const timer = setInterval(async () => {
    try {
      const world = await fetchJson(`${url}/_admin/world`);
      const busy = [
        ...Object.values(world.networks).map((n) => ["network", n]),
        ...Object.values(world.clusters).map((c) => ["cluster", c]),
        ...Object.values(world.serverless).map((c) => ["serverless cluster", c]),
      ]
        .filter(([, r]) => r.state !== "STATE_READY")
        .map(([kind, r]) => `${kind} ${r.name} ${r.state}`);
      const elapsed = Math.round((Date.now() - startedAt) / 1000);
      if (busy.length > 0) console.log(`\n    … ${elapsed} s: ${busy.join(", ")}`);
    } catch {
      // The emulator is stopping or busy; the next tick tries again.
    }
  }, 5000);
  return () => clearInterval(timer);
}

async function up() {
  const binDir = await setUp();
  fs.mkdirSync(files.backend, { recursive: true });
  removeStaleLocks();
  const url = await startEmulator();
  const env = pulumiEnv(binDir, url);
  await mustRun("pulumi stack select", "pulumi", ["stack", "select", "--create", STACK], { env });
  await appPassword(env);
  await allowDeletion(env);
  say(`pulumi up (stack "${STACK}", backend ${path.relative(ROOT, files.backend)})`);
  const stopWatching = watchProgress(url, Date.now());
  try {
    await mustRun("pulumi up", "pulumi", ["up", "--yes", "--skip-preview", "--stack", STACK], {
      env,
    });
  } finally {
    stopWatching();
  }
  const outputs = await summarize(env, url);
  await kafkaRoundTrip(env, outputs);
  say("Second pulumi up: it must find nothing to change");
  await mustRun(
    "The second pulumi up (--expect-no-changes)",
    "pulumi",
    ["up", "--yes", "--skip-preview", "--expect-no-changes", "--stack", STACK],
    { env },
  );
  say("No changes. `npm run destroy` removes the stack and the emulator's state.");
}

async function destroy() {
  if (!fs.existsSync(files.backend)) {
    say(`Nothing to destroy: ${path.relative(ROOT, LOCAL) || LOCAL} holds no stack`);
    return;
  }
  const binDir = await setUp();
  removeStaleLocks();
  const url = await startEmulator();
  const env = pulumiEnv(binDir, url);
  await allowDeletion(env);
  say(`pulumi destroy (stack "${STACK}")`);
  await mustRun(
    "pulumi destroy",
    "pulumi",
    ["destroy", "--yes", "--skip-preview", "--stack", STACK],
    {
      env,
    },
  );
  await mustRun("pulumi stack rm", "pulumi", ["stack", "rm", "--yes", "--stack", STACK], { env });
  const left = countInventory(await fetchJson(`${url}/_admin/inventory`));
  await stopEmulator();
  if (left !== 0) throw new Error(`${left} objects are left in the emulator after destroy`);
  fs.rmSync(LOCAL, { recursive: true, force: true });
  say("Destroyed: the emulator held 0 objects; local state removed");
}

const command = process.argv[2] ?? "up";
const job = { up, destroy }[command];
if (!job) {
  console.error("usage: node scripts/main-job.mjs up|destroy");
  process.exit(2);
}
try {
  await job();
  await stopEmulator();
} catch (err) {
  await stopEmulator();
  console.error(`\nError: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
