// The emulator (a separate process with a state file) is killed with SIGKILL in the middle of a
// `pulumi up` and restarted on the same port. Whatever the interrupted run recorded still exists,
// and the next `up` converges: the state and the emulator list the same objects.
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { TOKEN, eventually } from "../support/emulator";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack, writeTempProject } from "../support/pulumi";
import { dedicatedCluster } from "../support/programs";

const TOPICS = 40;
const program = `
const redpanda = require("pulumi-redpanda-cloud");
${dedicatedCluster("restart", "10.98.0.0/20")}
for (let i = 0; i < ${TOPICS}; i++)
  new redpanda.Topic("t" + i, { dataplaneApiUrl: cluster.dataplaneApiUrl, name: "t" + i, partitionCount: 1 });
`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-restart-"));
const stateFile = path.join(scratch, "emulator.json");
let emulator: ChildProcess | undefined;
let url = "";
let stack: TestStack;
let dir: string;

/** Starts the emulator CLI (port 0 the first time, then the same port) and waits for its URL. */
async function startEmulator(port = 0): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      path.join(REPO_ROOT, "dist", "emulator", "cli.js"),
      ...["--port", String(port), "--state-file", stateFile, "--speed", "0.05"],
      ...["--token", TOKEN, "--admin"],
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  emulator = child;
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0]!.trim());
    });
    child.once("exit", (code) => reject(new Error(`emulator exited (${code})`)));
  });
}

async function inventory(): Promise<{ topics: string[]; clusters: string[]; all: string[] }> {
  const inv = (await (
    await fetch(`${url}/_admin/inventory`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).json()) as {
    resourceGroups: string[];
    networks: string[];
    clusters: string[];
    dataplanes: Record<string, { topics: string[] }>;
  };
  const topics = Object.values(inv.dataplanes).flatMap((d) => d.topics);
  return {
    topics,
    clusters: inv.clusters,
    all: [...inv.resourceGroups, ...inv.networks, ...inv.clusters, ...topics].sort(),
  };
}

async function stateIds(): Promise<string[]> {
  const deployment = (await stack.exportState()) as { resources?: { type: string; id?: string }[] };
  return (deployment.resources ?? [])
    .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/redpanda:") && r.id)
    .map((r) => r.id!)
    .sort();
}

beforeAll(async () => {
  url = await startEmulator();
  dir = writeTempProject("restart", { "index.js": program });
  stack = await openTestStack({
    workDir: dir,
    config: {
      "redpanda:apiUrl": url,
      "redpanda:accessToken": { value: TOKEN, secret: true },
    },
  });
});
afterAll(async () => {
  await stack?.destroy().catch(() => undefined);
  await stack?.dispose();
  emulator?.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

it("kill -9 of the emulator mid-run loses nothing acknowledged; the next up converges", async () => {
  const port = Number(new URL(url).port);
  const interrupted = stack.up().then(
    () => "succeeded",
    () => "failed",
  );
  await eventually(async () => (await inventory()).topics.length >= 5, 120_000);
  emulator!.kill("SIGKILL");
  await new Promise((r) => emulator!.once("exit", r));
  const before = fs.readFileSync(stateFile, "utf8");
  await new Promise((r) => setTimeout(r, 1000));
  expect(await startEmulator(port)).toBe(url);
  const outcome = await interrupted;
  process.stdout.write(`emulator restart: the interrupted up ${outcome}\n`);

  // Everything the emulator acknowledged before the kill is still there after the restart.
  const persisted = JSON.parse(before) as { dataplanes: Record<string, { topics: object }> };
  const acknowledged = Object.values(persisted.dataplanes).flatMap((d) => Object.keys(d.topics));
  expect(acknowledged.length).toBeGreaterThanOrEqual(5);
  const after = await inventory();
  for (const t of acknowledged) expect(after.topics).toContain(t);
  // And whatever Pulumi recorded exists.
  for (const id of await stateIds()) expect(after.all).toContain(id);

  const converged = await stack.up();
  expect((converged.changes.create ?? 0) + (converged.changes.same ?? 0)).toBe(TOPICS + 3);
  const final = await inventory();
  expect(final.clusters).toHaveLength(1);
  expect(final.topics).toHaveLength(TOPICS);
  expect(await stateIds()).toEqual(final.all);
});
