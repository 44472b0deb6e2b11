// A bounded soak of the emulator's own races: clusters with Kafka brokers created and deleted
// while GETs and data-plane requests arrive, so that brokers start and stop under concurrent
// requests (each request reconciles the fleet). Loopback only; 4 rounds of 3 clusters, each
// round bounded in time. Whatever the timing, the emulator never answers 500.
import type { TestEmulator } from "../../support/emulator";
import {
  eventually,
  operationDone,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import { kafkaBinary } from "../../support/kafka";

const ROUNDS = 4;
const CLUSTERS_PER_ROUND = 3;

let t: TestEmulator;
const statuses: { method: string; path: string; status: number; message?: string }[] = [];

beforeAll(async () => {
  t = await startTestEmulator({ kafka: { binary: kafkaBinary() } });
}, 120_000);
afterAll(() => t?.close());

/** A request whose status is recorded; a connection error is recorded as status 0. */
async function call(method: string, url: string, body?: unknown) {
  try {
    const r = await t.call(method, url, body);
    statuses.push({
      method,
      path: url.replace(t.emu.url, ""),
      status: r.status,
      message: r.status >= 500 ? String(r.body?.message ?? "") : undefined,
    });
    return r;
  } catch {
    statuses.push({ method, path: url.replace(t.emu.url, ""), status: 0 });
    return { status: 0, body: undefined };
  }
}

async function createCluster(rg: string, name: string): Promise<{ id: string; dp: string }> {
  const op = await call("POST", "/v1/serverless/clusters", {
    serverless_cluster: { name, resource_group_id: rg, serverless_region: "us-east-1" },
  });
  await operationDone(t, op.body.operation.id);
  const id = op.body.operation.resource_id as string;
  const c = await eventually(async () => {
    const got = (await call("GET", `/v1/serverless/clusters/${id}`)).body?.serverless_cluster;
    return got?.state === "STATE_READY" ? got : undefined;
  });
  return { id, dp: c.dataplane_api.url as string };
}

/** GETs of the cluster and data-plane reads and writes, until `done` says stop. */
async function hammer(c: { id: string; dp: string }, done: () => boolean): Promise<void> {
  for (let i = 0; !done(); i++) {
    await Promise.all([
      call("GET", `/v1/serverless/clusters/${c.id}`),
      call("GET", `${c.dp}/v1/topics`),
      call("POST", `${c.dp}/v1/topics`, { name: `soak-${i}`, partition_count: 1 }),
      call("GET", `${c.dp}/v1/acls`),
    ]);
  }
}

it(`${ROUNDS} rounds of ${CLUSTERS_PER_ROUND} clusters created and deleted under requests: no 500`, async () => {
  const rg = (await call("POST", "/v1/resource-groups", { resource_group: { name: "soak" } })).body
    .resource_group.id as string;
  for (let round = 0; round < ROUNDS; round++) {
    const clusters = await Promise.all(
      Array.from({ length: CLUSTERS_PER_ROUND }, (_, i) => createCluster(rg, `soak-${round}-${i}`)),
    );
    const gone = new Set<string>();
    const deadline = Date.now() + 30_000;
    const stop = () => gone.size === clusters.length || Date.now() > deadline;
    const load = clusters.map((c) => hammer(c, stop));
    for (const c of clusters) await call("DELETE", `/v1/serverless/clusters/${c.id}`);
    await Promise.all(
      clusters.map((c) =>
        eventually(async () => {
          const r = await call("GET", `/v1/serverless/clusters/${c.id}`);
          if (r.status === 404) gone.add(c.id);
          return r.status === 404;
        }, 30_000),
      ),
    );
    await Promise.all(load);
    // Every broker of the deleted clusters stopped.
    await eventually(async () => {
      await call("GET", "/v1/resource-groups");
      return t.emu.kafkaBrokers().length === 0;
    });
  }
  // A deleting cluster's data plane is unavailable (503, "not ready"), as the vendor's is; any
  // other 5xx, or a dropped connection, is the emulator's own failure.
  const notReady = statuses.filter((s) => s.status === 503 && /is not ready/.test(s.message!));
  const failures = statuses.filter(
    (s) => (s.status >= 500 || s.status === 0) && !notReady.includes(s),
  );
  process.stdout.write(
    `kafka soak: ${statuses.length} requests over ${ROUNDS * CLUSTERS_PER_ROUND} clusters; ${notReady.length} data-plane requests to a deleting cluster answered 503; ${failures.length} other 5xx or dropped\n`,
  );
  expect(failures).toEqual([]);
  expect(statuses.length).toBeGreaterThan(ROUNDS * CLUSTERS_PER_ROUND * 10);
}, 240_000);

it("a broker that cannot start: the cluster answers, its data plane says 503 and why", async () => {
  // /bin/false exits at once, before it prints where it listens.
  const broken = await startTestEmulator({ kafka: { binary: "/bin/false" } });
  try {
    const c = await readyServerlessCluster(broken, "broken");
    const got = await broken.call("GET", `/v1/serverless/clusters/${c.id}`);
    expect(got.status).toBe(200);
    const topics = await broken.call("GET", `${c.dataplane_api.url}/v1/topics`);
    expect(topics.status).toBe(503);
    expect(topics.body.message).toMatch(/Kafka API of cluster .* is not available: .*exited/);
  } finally {
    await broken.close();
  }
});
