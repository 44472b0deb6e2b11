// The main job as a user runs it (`npm start`, then `npm run destroy`), with its local state in a
// temp dir and a stack of its own: it must converge, print what exists, find no changes the second
// time, and leave nothing running.
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { runProcess } from "../support/process";
import { REPO_ROOT } from "../support/pulumi";

const local = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-main-job-"));
const stackName = `mainjob${Date.now().toString(36)}`;
const env = {
  REDPANDA_LOCAL_DIR: local,
  REDPANDA_LOCAL_STACK: stackName,
  REDPANDA_EMULATOR_SPEED: "0.05",
};
const stackConfigFile = path.join(REPO_ROOT, `Pulumi.${stackName}.yaml`);

afterAll(() => {
  fs.rmSync(local, { recursive: true, force: true });
  fs.rmSync(stackConfigFile, { force: true });
});

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

const mainJob = (command: string) =>
  runProcess(process.execPath, [path.join(REPO_ROOT, "scripts", "main-job.mjs"), command], {
    cwd: REPO_ROOT,
    env,
  });

it("npm start converges, summarizes, finds no changes and stops the emulator; destroy empties it", async () => {
  const up = await mainJob("up");
  if (up.code !== 0) throw new Error(`main job failed:\n${up.output}`);
  const port = Number(fs.readFileSync(path.join(local, "emulator.port"), "utf8"));

  expect(up.output).toMatch(/Resources:\s+\+ 12 created/);
  for (const kind of [
    "ResourceGroup",
    "Network",
    "Cluster",
    "User",
    "Topic",
    "Acl",
    "ConnectorSecret",
    "Connector",
  ])
    expect(up.output).toMatch(new RegExp(`^  ${kind}\\s+\\S+\\s+\\S+$`, "m"));
  expect(up.output).toMatch(
    new RegExp(`Cluster data-plane URL: http://127\\.0\\.0\\.1:${port}/dp/[a-z0-9]{20}`),
  );
  expect(up.output).toContain("11 resources in the Pulumi state; 11 objects in the emulator");
  // The emulator's Kafka API: the stack's user really produced and consumed, as printed.
  expect(up.output).toContain(
    'Kafka API: orders-app produced and consumed 10 records on "orders" (SCRAM-SHA-256)',
  );
  expect(up.output).toMatch(
    /KAFKA_PASSWORD=<appPassword> node scripts\/kafka-client\.mjs consume --brokers 127\.0\.0\.1:\d+ --user orders-app --topic orders --count 10 --group orders-app-reader/,
  );
  expect(up.output).toMatch(/Resources:\s+12 unchanged/);
  expect(up.output).toContain("Emulator stopped");
  expect(await portIsClosed(port)).toBe(true);
  // The emulator's state file survives it, holding what was created.
  const world = JSON.parse(fs.readFileSync(path.join(local, "emulator-state.json"), "utf8"));
  expect(Object.keys(world.clusters)).toHaveLength(1);

  const down = await mainJob("destroy");
  if (down.code !== 0) throw new Error(`destroy failed:\n${down.output}`);
  expect(down.output).toMatch(/Resources:\s+- 12 deleted/);
  expect(down.output).toContain("Destroyed: the emulator held 0 objects");
  expect(await portIsClosed(port)).toBe(true);
  expect(fs.existsSync(local)).toBe(false);
  expect(fs.existsSync(stackConfigFile)).toBe(false);
});
