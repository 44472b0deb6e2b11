// A pipeline's configYaml linted by its cluster's Redpanda Connect, through the real engine and the
// dynamic providers against the emulator (`pipelines:lint-config`): a misspelled component
// (`genrate:`) on a cluster new in the same run passes `pulumi preview` (the address is not known
// yet) and is refused by `up` before the pipeline is made, naming the line (`up`'s check of the
// pipeline runs once the cluster exists, so the address is known there: the lint at create, for a
// check that could not lint, is tested in tests/unit/kinds/pipeline-lint.test.ts and the
// integration tier); on the cluster that now exists, `pulumi preview` refuses it, naming the
// pipeline and the line, with no write; the same configuration fixed previews and `up` creates it.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-lint" });
const sl = new redpanda.ServerlessCluster("sl", {
  name: "e2e-lint-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
});
new redpanda.Pipeline("orders", {
  dataplaneApiUrl: sl.dataplaneApiUrl,
  displayName: "orders-copy",
  configYaml: \`input:
  \${cfg.require("component")}:
    mapping: 'root = {"id": uuid_v4()}'
output:
  drop: {}
\`,
  state: "stopped",
});
exports.clusterId = sl.id;
`;

const REFUSAL =
  'Pipeline "orders-copy": configYaml line 2, column 1: unable to infer component type: genrate';

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("pipeline-lint", program);
});
afterAll(() => s?.disposeChecked("pipeline-lint"));

const pipelines = () =>
  Object.values(s.t.emu.world().dataplanes).flatMap((dp) => Object.values(dp.pipelines));
const failure = (run: Promise<unknown>) =>
  run.then(
    () => "(succeeded)",
    (err: Error) => String(err.message),
  );

it("refuses a misspelled component at preview naming the line; the same fixed passes", async () => {
  await s.set("component", "genrate");
  // The cluster is new in this run: preview cannot know its address, so nothing is linted yet.
  expect((await s.stack.preview()).changes).toEqual({ create: 3 });
  // `up` knows it once the cluster exists: its check refuses the pipeline before it is made.
  const atUp = await failure(s.stack.up());
  expect(atUp).toContain(REFUSAL);
  expect(pipelines()).toEqual([]);
  expect(s.t.emu.inventory().serverlessClusters).toHaveLength(1);

  // The cluster exists now: preview lints, and refuses, naming the pipeline and the line.
  await s.t.admin("DELETE", "/_admin/requests");
  const atPreview = await failure(s.stack.preview());
  const problem = atPreview.split("\n").find((l) => l.includes("has a problem")) ?? atPreview;
  expect(problem).toContain("orders");
  expect(problem).toContain("configYaml");
  expect(problem).toContain(REFUSAL);
  // The lint was the preview's one request that is not a GET; it changes nothing.
  const log = (await s.t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; route: string }[];
  };
  expect(log.entries.filter((e) => e.method !== "GET").map((e) => e.route)).toEqual([
    "/dp/:clusterId/v1/redpanda-connect/pipelines::lint-config",
  ]);
  expect(pipelines()).toEqual([]);

  await s.set("component", "generate");
  expect((await s.stack.preview()).changes).toEqual({ create: 1, same: 2 });
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 1, same: 2 });
  expect(pipelines().map((p) => p.config_yaml)).toEqual([expect.stringContaining("  generate:\n")]);
  expect((await s.stack.destroy()).changes).toEqual({ delete: 3 });
});
