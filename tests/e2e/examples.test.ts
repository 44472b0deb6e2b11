// Every example project under examples/ runs as a user would run it: copied out of the repository,
// `pulumi up` against the emulator, a second `up` with no changes, `destroy` leaving nothing behind.
import * as fs from "node:fs";
import * as path from "node:path";
import { copyExample } from "../support/examples";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../support/emulator";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack } from "../support/pulumi";

interface Opened {
  t: TestEmulator;
  stack: TestStack;
  dir: string;
  /** Sets `<project>:<key>` in the stack config, as `pulumi config set <key>` would. */
  set(key: string, value: string): Promise<void>;
}

const opened: Opened[] = [];

async function openExample(name: string, config: Record<string, string> = {}): Promise<Opened> {
  const t = await startTestEmulator();
  const dir = copyExample(name);
  const project = /^name:\s*(\S+)$/m.exec(
    fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"),
  )![1]!;
  const stack = await openTestStack({
    workDir: dir,
    config: {
      "redpanda:apiUrl": t.emu.url,
      "redpanda:accessToken": { value: TOKEN, secret: true },
      ...Object.fromEntries(Object.entries(config).map(([k, v]) => [`${project}:${k}`, v])),
    },
    env: { REDPANDA_EMULATOR_URL: t.emu.url, REDPANDA_EMULATOR_TOKEN: TOKEN },
  });
  const set = (key: string, value: string) => stack.stack.setConfig(`${project}:${key}`, { value });
  const o = { t, stack, dir, set };
  opened.push(o);
  return o;
}

afterAll(async () => {
  for (const o of opened) {
    await o.stack.dispose().catch(() => undefined);
    await o.t.close();
    fs.rmSync(o.dir, { recursive: true, force: true });
  }
});

function emptyInventory(t: TestEmulator): boolean {
  const inv = t.emu.inventory() as Record<string, unknown>;
  return Object.entries(inv).every(([k, v]) =>
    k === "dataplanes"
      ? Object.values(v as Record<string, Record<string, unknown[]>>).every((dp) =>
          Object.values(dp).every((items) => items.length === 0),
        )
      : (v as unknown[]).length === 0,
  );
}

it("dedicated-environment: group, network, cluster, user, ACLs, topics, secret and connector", async () => {
  const { t, stack } = await openExample("dedicated-environment");
  const first = await stack.up();
  expect(first.changes).toEqual({ create: 11 });
  const clusterId = first.outputs.clusterId as string;
  expect(first.outputs.clusterDataplaneApiUrl).toBe(`${t.emu.url}/dp/${clusterId}`);
  const dp = t.emu.world().dataplanes[clusterId];
  // The program's topics; beside them, the cluster (Kafka Connect on) holds Connect's own.
  expect(t.emu.inventory().dataplanes[clusterId]?.topics.sort()).toEqual(["orders", "orders-dlq"]);
  expect(dp?.acls).toHaveLength(3);
  // The connector's config names the secret; it does not hold it.
  expect(dp?.connectors["orders-to-s3"]?.config["aws.secret.access.key"]).toMatch(
    /^\$\{secretsManager:[A-Z0-9]+:aws\.secret\.access\.key\}$/,
  );
  expect(stack.findInBackend(["emulator-only-key", "change-me-in-config", TOKEN])).toEqual([]);

  expect((await stack.up()).changes).toEqual({ same: 11 });
  expect((await stack.destroy()).changes).toEqual({ delete: 11 });
  expect(emptyInventory(t)).toBe(true);
  expectAllResponsesValid(t, "examples dedicated-environment");
});

it("byoc-cluster: the agent step runs the (stand-in) vendor CLI on create and on destroy", async () => {
  const { t, stack } = await openExample("byoc-cluster", {
    gcpProjectId: "example-project",
    rpkCommand: path.join(REPO_ROOT, "emulator", "bin", "rpk"),
  });
  const first = await stack.up();
  expect(first.changes).toEqual({ create: 4 });
  expect(first.outputs.clusterState).toBe("STATE_READY");
  expect(first.stdout).toContain("BYOC agent apply");
  expect((await stack.up()).changes).toEqual({ same: 4 });
  const gone = await stack.destroy();
  expect(gone.changes).toEqual({ delete: 4 });
  expect(gone.stdout).toContain("BYOC agent destroy");
  expect(emptyInventory(t)).toBe(true);
  expectAllResponsesValid(t, "examples byoc-cluster");
});

it("serverless-pipeline: a topic and a running pipeline, stopped by config", async () => {
  const { t, stack, set } = await openExample("serverless-pipeline");
  const first = await stack.up();
  expect(first.changes).toEqual({ create: 4 });
  expect(first.outputs.pipelineState).toBe("STATE_RUNNING");
  const clusterId = first.outputs.clusterId as string;
  const pipeline =
    t.emu.world().dataplanes[clusterId]?.pipelines[first.outputs.pipelineId as string];
  expect(pipeline?.config_yaml).toContain("topic: clicks");

  await set("pipelineState", "stopped");
  const stopped = await stack.up();
  expect(stopped.changes).toEqual({ update: 1, same: 3 });
  expect(stopped.outputs.pipelineState).toBe("STATE_STOPPED");
  expect((await stack.destroy()).changes).toEqual({ delete: 4 });
  expect(emptyInventory(t)).toBe(true);
  expectAllResponsesValid(t, "examples serverless-pipeline");
});
