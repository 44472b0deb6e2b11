// A run killed (SIGKILL) while topics, users, ACLs and connectors are being created: the API has
// accepted creates whose answers nobody received. The documented recovery (README "Interrupted
// runs") must converge with 0 duplicates and 0 orphans, and take over nothing of anyone else's:
// a topic or connector of a declared name but another shape stays untouched and is refused.
import { inventoryAndState } from "../support/inventory";
import { eventually } from "../support/emulator";
import type { RunningProcess } from "../support/process";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const N = 6;
const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
${dedicatedCluster("killdp", "10.94.0.0/20", "kafkaConnect: true,")}
const url = cluster.dataplaneApiUrl;
exports.url = url;
exports.clusterId = cluster.id;
if (cfg.getBoolean("data")) {
  // What a user does after the refusal: adopt the named users, rename what belongs to others.
  const adopt = JSON.parse(cfg.get("adoptUsers") || "[]");
  const suffix = cfg.get("suffix") || "";
  for (let i = 0; i < ${N}; i++) {
    const topic = i === ${N - 1} ? "taken" + suffix : "kt" + i;
    new redpanda.Topic("t" + i, { dataplaneApiUrl: url, name: topic, partitionCount: 3, configs: { "retention.ms": "3600000" } });
    new redpanda.User("u" + i, {
      dataplaneApiUrl: url, name: "ku" + i, password: cfg.requireSecret("password"),
      adoptId: adopt.includes("ku" + i) ? "ku" + i : undefined,
    });
    new redpanda.Acl("a" + i, {
      dataplaneApiUrl: url, principal: "User:ku" + i, resourceType: "RESOURCE_TYPE_TOPIC", resourceName: topic,
      resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL", operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
    });
  }
  for (let i = 0; i < 3; i++) {
    new redpanda.Connector("c" + i, {
      dataplaneApiUrl: url, name: i === 2 ? "taken-sink" + suffix : "kc" + i,
      config: { "connector.class": "io.example.Sink", topics: "kt" + i },
    });
  }
}
`;

let s: Scenario;
let url: string;
let clusterId: string;

const pulumi = (args: string[]): RunningProcess => s.stack.startCli(args, { detached: true });
async function run(args: string[], expectOk = true): Promise<string> {
  const cli = pulumi(args);
  const { code } = await cli.exited;
  if (expectOk && code !== 0)
    throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${cli.output()}`);
  if (!expectOk && code === 0) throw new Error(`pulumi ${args.join(" ")} should have failed`);
  return cli.output();
}

beforeAll(async () => {
  s = await openScenario("interrupted-dp", program);
  await s.set("password", "pw-killed-run", true);
  const up = await s.stack.up();
  url = up.outputs.url as string;
  clusterId = up.outputs.clusterId as string;
  // Someone else's topic and connector, under names this stack will declare in another shape.
  await s.t.call("POST", `${url}/v1/topics`, { name: "taken", partition_count: 1 });
  await s.t.call("POST", `${url}/v1/kafka-connect/clusters/redpanda/connectors`, {
    name: "taken-sink",
    config: { "connector.class": "io.other.Source" },
  });
});

afterAll(async () => {
  await s?.stack.destroy().catch(() => undefined);
  await s?.dispose();
});

it("SIGKILL with creates in flight: unlock, clear, up; in-flight objects taken over, no one else's", async () => {
  // Every data-plane create is held by the emulator, unanswered, until the test releases it: the
  // kill lands between the request and its answer, the way a killed runner loses them, however
  // slow the machine. The provider sends a bounded window of requests per host; once the held
  // window stops growing (1.5 s) with at least one user in it, nothing else moves (no step ends,
  // so the engine is not writing its checkpoint) and the kill comes. Should the first window hold
  // no user, its other creates are let go so that users come next. A create answered before the
  // kill is in the state already, as after any real kill.
  const paths = ["/v1/topics$", "/v1/users$", "/v1/acls$", "/connectors$"];
  for (const path of paths)
    await s.t.admin("POST", "/_admin/faults", { method: "POST", path, hold: true, times: 100 });
  const holding = async () => {
    const { faults } = (await s.t.admin("GET", "/_admin/faults")) as {
      faults: { path: string; holding: number }[];
    };
    return new Map(faults.map((f) => [f.path, f.holding]));
  };
  await s.set("data", "true");
  // --continue-on-error: a window let go may hold the topic or connector someone else owns, whose
  // refusal would otherwise end the run before any user is sent.
  const cli = pulumi(["up", "--yes", "--skip-preview", "--continue-on-error"]);
  const startedAt = Date.now();
  // The CLI may fail before it sends a create (then there is nothing to wait for): say what it printed.
  const exitedEarly = cli.exited.then(({ code }) => {
    throw new Error(`pulumi up exited (${code}) before the creates were held:\n${cli.output()}`);
  });
  exitedEarly.catch(() => undefined);
  let last = { total: -1, since: Date.now() };
  const windowHeld = async () => {
    const held = await holding();
    const total = [...held.values()].reduce((n, h) => n + h, 0);
    if (total !== last.total) last = { total, since: Date.now() };
    if (total === 0 || Date.now() - last.since < 1_500) return false;
    if ((held.get("/v1/users$") ?? 0) > 0) return true;
    for (const path of paths.filter((p) => p !== "/v1/users$"))
      await s.t.admin("POST", "/_admin/faults/release", { path });
    return false;
  };
  await Promise.race([
    eventually(windowHeld, 180_000).catch(async (err: Error) => {
      const faults = JSON.stringify(await s.t.admin("GET", "/_admin/faults"));
      throw new Error(`${err.message}; faults ${faults}; pulumi printed:\n${cli.output()}`);
    }),
    exitedEarly,
  ]);
  const killedAfter = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.kill(-cli.pid, "SIGKILL");
  await cli.exited;
  // The held creates land now, answered to no one.
  await s.t.admin("POST", "/_admin/faults/release", {});
  await eventually(async () => [...(await holding()).values()].every((h) => h === 0), 60_000);
  await s.t.admin("DELETE", "/_admin/faults");
  const dp = () => s.t.emu.world().dataplanes[clusterId]!;
  const landed = { users: Object.keys(dp().users), topics: Object.keys(dp().topics) };
  expect(landed.users.length).toBeGreaterThan(0);

  // The documented recovery.
  await run(["cancel", "--yes"]);
  await run(["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]);
  const refused = await run(["up", "--yes", "--skip-preview", "--continue-on-error"], false);
  // Users cannot be compared (the password is not readable): each one the killed run created is
  // refused with the adoptId hint; so are the topic and connector someone else owns.
  // (A create answered before the kill is in the state already and is not refused.)
  const refusedUsers = [
    ...new Set([...refused.matchAll(/user "(ku\d)" already exists/g)].map((m) => m[1]!)),
  ];
  expect(refusedUsers.length).toBeGreaterThan(0);
  expect(landed.users).toEqual(expect.arrayContaining(refusedUsers));
  expect(refused).toMatch(/topic "taken" already exists and does not match[^]*adoptId/);
  expect(refused).toMatch(/connector "taken-sink" already exists and does not match[^]*adoptId/);

  process.stdout.write(
    `killed run (SIGKILL ${killedAfter} s after up started): landed ${landed.topics.length - 1} topics, ${landed.users.length} users; ` +
      `refused ${refusedUsers.length} users (adopted next), taken over the rest\n`,
  );
  await s.set("adoptUsers", JSON.stringify(refusedUsers));
  await s.set("suffix", "-ours");
  await run(["up", "--yes", "--skip-preview"]);

  const { emulator, state } = await inventoryAndState(s.t, s.stack);
  const others = new Set(["taken", "taken-sink"]);
  const ours = (xs: string[] | undefined) => (xs ?? []).filter((x) => !others.has(x));
  expect(state).toEqual({
    ...emulator,
    Topic: ours(emulator.Topic),
    Connector: ours(emulator.Connector),
  });
  expect(emulator.Topic).toHaveLength(N + 1); // ours, and someone else's "taken"
  expect(emulator.User).toHaveLength(N);
  expect(emulator.Connector).toHaveLength(4);
  expect(dp().acls).toHaveLength(N);
  // Nothing of anyone else's was taken over or changed.
  expect(dp().topics.taken?.partition_count).toBe(1);
  expect(dp().connectors["taken-sink"]?.config).toEqual({ "connector.class": "io.other.Source" });
  expect(await run(["preview", "--expect-no-changes"])).toMatch(/unchanged/);
});
