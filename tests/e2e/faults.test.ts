// The fault matrix: one stack with control- and data-plane resources, one fault at a time from the
// emulator. Each run either succeeds through retries or fails with a clear error; once the fault is
// gone the next up/refresh converges; and the emulator's inventory always equals the Pulumi state.
import { inventoryAndState } from "../support/inventory";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
${dedicatedCluster("faults", "10.90.0.0/20")}
const url = cluster.dataplaneApiUrl;
for (let i = 0; i < Number(cfg.get("topics") ?? "1"); i++)
  new redpanda.Topic("t" + i, { dataplaneApiUrl: url, name: "t" + i, partitionCount: 1, configs: { "retention.ms": "60000" } });
for (let i = 0; i < Number(cfg.get("users") ?? "1"); i++)
  new redpanda.User("u" + i, { dataplaneApiUrl: url, name: "u" + i, password: "password-" + i });
if (cfg.getBoolean("extraNetwork"))
  new redpanda.Network("net2", {
    name: "faults-net2", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-1",
    cidrBlock: "10.91.0.0/20", clusterType: "TYPE_DEDICATED",
  });
exports.clusterId = cluster.id;
`;

let s: Scenario;
let clusterId: string;

interface Log {
  entries: { method: string; route: string; path: string; status: number }[];
}

async function faultHits(status: number | "reset", pathPart: string): Promise<number> {
  const log = (await s.t.admin("GET", "/_admin/requests")) as Log;
  return log.entries.filter(
    (e) => e.path.includes(pathPart) && (status === "reset" ? e.status === 0 : e.status === status),
  ).length;
}

async function expectConverged(): Promise<void> {
  const { emulator, state } = await inventoryAndState(s.t, s.stack);
  expect(state).toEqual(emulator);
  expect((await s.stack.preview()).changes.create ?? 0).toBe(0);
}

beforeAll(async () => {
  s = await openScenario("faults", program);
  const first = await s.stack.up();
  expect(first.changes).toEqual({ create: 5 });
  clusterId = first.outputs.clusterId as string;
});
beforeEach(async () => {
  await s.t.admin("DELETE", "/_admin/faults");
  await s.t.admin("DELETE", "/_admin/requests");
});
afterAll(async () => {
  if (s) {
    await s.t.admin("DELETE", "/_admin/faults");
    const gone = await s.stack.destroy();
    expect(gone.changes.delete).toBeGreaterThanOrEqual(5);
    const { emulator } = await inventoryAndState(s.t, s.stack);
    expect(emulator).toEqual({});
    await s.dispose();
  }
});

it("429 with Retry-After: the create waits as told and succeeds", async () => {
  await s.t.admin("POST", "/_admin/faults", {
    method: "POST",
    path: "/topics$",
    status: 429,
    retryAfterSeconds: 1,
    times: 2,
  });
  await s.set("topics", "2");
  const run = await s.stack.up();
  expect(run.changes).toMatchObject({ create: 1 });
  expect(await faultHits(429, "/topics")).toBe(2);
  await expectConverged();
});

it("503 on reads: refresh retries and succeeds", async () => {
  await s.t.admin("POST", "/_admin/faults", {
    method: "GET",
    path: `/v1/clusters/${clusterId}$`,
    status: 503,
    times: 2,
  });
  await s.stack.refresh();
  expect(await faultHits(503, `/v1/clusters/${clusterId}`)).toBe(2);
  await expectConverged();
});

it("connection reset on a create: looked up, not duplicated", async () => {
  await s.t.admin("POST", "/_admin/faults", {
    method: "POST",
    path: "/users$",
    reset: true,
    times: 1,
  });
  await s.set("users", "2");
  const run = await s.stack.up();
  expect(run.changes).toMatchObject({ create: 1 });
  expect(s.t.emu.world().dataplanes[clusterId]?.users).toHaveProperty("u1");
  await expectConverged();
});

it("a response slower than the client timeout: retried, then succeeds", async () => {
  // A 1 s client timeout; refresh runs with the config recorded by the last up.
  await s.stack.stack.setConfig("redpanda:requestTimeoutMs", { value: "1000" });
  await s.stack.up();
  await s.t.admin("POST", "/_admin/faults", {
    method: "GET",
    path: "/topics/t0",
    delayMs: 2500,
    times: 1,
  });
  try {
    const refreshed = await s.stack.refresh();
    expect(refreshed.stdout).toMatch(/retrying GET \S*\/topics\/t0\S* after/);
  } finally {
    await s.stack.stack.removeConfig("redpanda:requestTimeoutMs");
    await s.stack.up();
  }
  await expectConverged();
});

it("an operation ending FAILED: a clear error, then the next up replaces the failed network", async () => {
  await s.t.admin("POST", "/_admin/operation-faults", {
    type: "TYPE_CREATE_NETWORK",
    message: "no capacity for new networks in us-east-1",
  });
  await s.set("extraNetwork", "true");
  const failure = await s.stack.up().then(
    () => "(up succeeded)",
    (err: Error) => err.message,
  );
  expect(failure).toMatch(
    /network faults-net2 was created as [a-v0-9]{20} but did not become ready/,
  );
  expect(failure).toContain("no capacity for new networks in us-east-1");
  // The failed network is in the state (with its id), so nothing is orphaned.
  const failed = await inventoryAndState(s.t, s.stack);
  expect(failed.state).toEqual(failed.emulator);
  expect(failed.emulator.Network).toHaveLength(2);

  const retried = await s.stack.up();
  expect(retried.changes).toMatchObject({ replace: 1 });
  const nets = Object.values(s.t.emu.world().networks).map((n) => [n.name, n.state]);
  expect(nets.sort()).toEqual([
    ["faults-net", "STATE_READY"],
    ["faults-net2", "STATE_READY"],
  ]);
  await expectConverged();
});

it("an out-of-band delete: refresh drops it, up recreates it", async () => {
  await s.t.admin("DELETE", `/_admin/dataplane/${clusterId}/topics/t1`);
  expect((await s.stack.refresh()).changes.delete).toBe(1);
  expect((await s.stack.up()).changes).toMatchObject({ create: 1 });
  expect(s.t.emu.world().dataplanes[clusterId]?.topics).toHaveProperty("t1");
  await expectConverged();
});

it("an out-of-band modification: refresh sees it, up restores the declared values", async () => {
  await s.t.admin("PATCH", `/_admin/dataplane/${clusterId}/topics/t0`, {
    configs: { "retention.ms": "1" },
  });
  await s.t.admin("PATCH", `/_admin/resources/clusters/${clusterId}`, {
    name: "renamed-in-console",
  });
  await s.stack.refresh();
  expect((await s.stack.up()).changes).toMatchObject({ update: 2 });
  expect(s.t.emu.world().dataplanes[clusterId]?.topics.t0?.configs).toEqual({
    "retention.ms": "60000",
  });
  expect(s.t.emu.world().clusters[clusterId]?.name).toBe("faults-cluster");
  await expectConverged();
});
