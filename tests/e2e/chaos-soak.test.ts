// Chaos soak: ~300 resources of mixed kinds through three cycles of up-with-changes, refresh and a
// partial destroy, while the emulator injects random faults on 5 % of requests (429, 503, reset,
// slow beyond the client's timeout) and fails 2 % of long-running operations, on a seeded
// sequence (SOAK_SEED replays one). After every cycle, once faults stop and a refresh has run:
// the state lists exactly what the emulator holds, kind by kind (0 orphans, 0 duplicates), and
// after one repairing `up` the next preview plans nothing.
import { inventoryAndState } from "../support/inventory";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

jest.setTimeout(30 * 60_000);

// Seed 1 fails an operation in cycles 1 and 3 (the operations draw from their own sequence).
const SEED = Number(process.env.SOAK_SEED ?? 1);
const COUNTS = { topics: 120, users: 60, acls: 60, connectors: 20, serverless: 10, accounts: 20 };

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const cycle = Number(cfg.get("cycle") || "0");
${dedicatedCluster("soak", "10.93.0.0/20", "kafkaConnect: true,")}
const url = cluster.dataplaneApiUrl;
if (cfg.getBoolean("soak")) {
  // Each cycle changes a third of the topics' configs, the connectors' task counts, the
  // serverless clusters' tags and the accounts' descriptions: updates in place under faults.
  for (let i = 0; i < ${COUNTS.topics}; i++) {
    const retention = 3600000 + (i % 3 === cycle % 3 ? cycle * 1000 : 0);
    new redpanda.Topic("st" + i, { dataplaneApiUrl: url, name: "st" + i, partitionCount: 2, configs: { "retention.ms": String(retention) } });
  }
  for (let i = 0; i < ${COUNTS.users}; i++)
    new redpanda.User("su" + i, { dataplaneApiUrl: url, name: "su" + i, password: cfg.requireSecret("password") });
  for (let i = 0; i < ${COUNTS.acls}; i++) {
    new redpanda.Acl("sa" + i, {
      dataplaneApiUrl: url, principal: "User:su" + i, resourceType: "RESOURCE_TYPE_TOPIC", resourceName: "st" + i,
      resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL", operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
    });
  }
  for (let i = 0; i < ${COUNTS.connectors}; i++) {
    new redpanda.Connector("sc" + i, {
      dataplaneApiUrl: url, name: "sc" + i,
      config: { "connector.class": "io.example.Sink", topics: "st" + i, "tasks.max": String(1 + cycle) },
    });
  }
  for (let i = 0; i < ${COUNTS.serverless}; i++) {
    new redpanda.ServerlessCluster("sls" + i, {
      name: "soak-sls-" + i, resourceGroupId: rg.id, serverlessRegion: "us-east-1", tags: { cycle: String(cycle) },
    });
  }
  for (let i = 0; i < ${COUNTS.accounts}; i++)
    new redpanda.ServiceAccount("acct" + i, { name: "soak-account-" + i, description: "cycle " + cycle });
}
`;

let s: Scenario;
const figures: Record<string, unknown>[] = [];

async function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  const run = s.stack.startCli(args);
  const { code } = await run.exited;
  return { code, out: run.output() };
}

async function mustPass(args: string[]): Promise<string> {
  const { code, out } = await cli(args);
  if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${out.slice(-4000)}`);
  return out;
}

/** URNs of a tenth of the soak's resources, different each cycle. */
async function tenth(cycle: number): Promise<string[]> {
  const state = (await s.stack.exportState()) as { resources?: { urn: string }[] };
  return (state.resources ?? [])
    .map((r) => r.urn)
    .filter((urn) => /::(st|su|sa|sc|sls|acct)\d+$/.test(urn))
    .filter((urn) => Number(/(\d+)$/.exec(urn)![1]) % 10 === cycle);
}

beforeAll(async () => {
  s = await openScenario("chaos-soak", program);
  await s.set("password", "soak-password-1", true);
  // Slow answers must outlast the client: 1.5 s per request, 2 s held.
  await s.stack.stack.setConfig("redpanda:requestTimeoutMs", { value: "1500" });
  await s.stack.up(); // the base (group, network, cluster) without faults
  await s.set("soak", "true");
});

afterAll(async () => {
  await s?.t.admin("DELETE", "/_admin/chaos");
  await s?.stack.destroy().catch(() => undefined);
  await s?.dispose();
  process.stdout.write(`chaos soak (seed ${SEED}): ${JSON.stringify(figures)}\n`);
});

it.each([1, 2, 3])(
  "cycle %i: faults in, no orphan, no duplicate, nothing unexpected planned",
  async (cycle) => {
    await s.set("cycle", String(cycle));
    await s.t.admin("POST", "/_admin/chaos", {
      seed: SEED * 100 + cycle,
      rate: 0.05,
      slowMs: 2_000,
      operationFailureRate: 0.02,
    });
    const up = await cli(["up", "--yes", "--skip-preview", "--continue-on-error"]);
    const refresh = await cli(["refresh", "--yes", "--skip-preview"]);
    const targets = await tenth(cycle);
    const destroy = await cli([
      "destroy",
      "--yes",
      "--skip-preview",
      "--continue-on-error",
      ...targets.flatMap((t) => ["--target", t]),
    ]);
    const report = (await s.t.admin("DELETE", "/_admin/chaos")) as {
      requests: number;
      operations: number;
      injected: Record<string, number>;
    };
    const log = (await s.t.admin("GET", "/_admin/requests")) as { entries: { status: number }[] };
    // Resources whose step failed after every retry: what a user would see as errors.
    const surfaced = [up, refresh, destroy].map((r) =>
      Number(/(\d+) errored/.exec(r.out)?.[1] ?? 0),
    );
    figures.push({
      cycle,
      requests: report.requests,
      operations: report.operations,
      injected: report.injected,
      exitCodes: [up.code, refresh.code, destroy.code],
      surfacedErrors: surfaced,
      destroyed: targets.length,
    });
    await s.t.admin("DELETE", "/_admin/requests");
    expect(log.entries.length).toBeGreaterThan(0);
    expect(
      report.injected["429"]! +
        report.injected["503"]! +
        report.injected.reset! +
        report.injected.slow!,
    ).toBeGreaterThan(0);

    // Faults stopped: a refresh drops what no longer exists; then the state is the emulator's.
    await mustPass(["refresh", "--yes", "--skip-preview"]);
    const { emulator, state } = await inventoryAndState(s.t, s.stack);
    expect(state).toEqual(emulator);
    // And one repairing up (recreating what was destroyed, replacing what failed) leaves no plan.
    await mustPass(["up", "--yes", "--skip-preview"]);
    await mustPass(["preview", "--expect-no-changes"]);
    const after = await inventoryAndState(s.t, s.stack);
    expect(after.state).toEqual(after.emulator);
    expect(after.emulator.Topic).toHaveLength(COUNTS.topics);
    expect(after.emulator.User).toHaveLength(COUNTS.users);
    expect(after.emulator.Connector).toHaveLength(COUNTS.connectors);
    expect(after.emulator.ServerlessCluster).toHaveLength(COUNTS.serverless);
    expect(after.emulator.ServiceAccount).toHaveLength(COUNTS.accounts);
  },
);
