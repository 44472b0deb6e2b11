// A pipeline's configYaml linted by the emulator's Redpanda Connect (`pipelines:lint-config`) through
// the provider objects, called as the shim in state calls them: the check (what the engine calls at
// preview) refuses a misspelled component naming the pipeline, the line, the column and the hint,
// and sends nothing else that is not a GET; the same configuration fixed passes and is created; a
// create whose preview did not know the cluster's address lints first and makes nothing; a lint
// that gets no answer is a warning and blocks nothing (404 and 501, an older service's answers:
// tests/unit/kinds/pipeline-lint.test.ts).
import type { TestEmulator } from "../../support/emulator";
import {
  configureRuntime,
  expectAllResponsesValid,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;
let dataplaneApiUrl: string;
let clusterId: string;

interface Failure {
  property: string;
  reason: string;
}

const MISSPELLED = `input:
  genrate:
    mapping: 'root = {"id": uuid_v4()}'
output:
  drop: {}
`;
const FIXED = MISSPELLED.replace("genrate:", "generate:");

const pipeline = (configYaml: string): Props => ({
  _rpType: "Pipeline",
  dataplaneApiUrl,
  displayName: "orders-copy",
  configYaml,
  state: "stopped",
});
const check = async (props: Props) =>
  ((await call("check", {}, props)) as { failures?: Failure[] }).failures ?? [];
const pipelines = () => Object.values(t.emu.world().dataplanes[clusterId]?.pipelines ?? {});
const REFUSAL =
  'Pipeline "orders-copy": configYaml line 2, column 1: unable to infer component type: genrate';

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
  const c = await readyServerlessCluster(t, "lint-int");
  clusterId = c.id as string;
  dataplaneApiUrl = (await t.call("GET", `/v1/serverless/clusters/${clusterId}`)).body
    .serverless_cluster.dataplane_api.url as string;
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "provider-pipeline-lint");
});

it("refuses a misspelled component at the check, naming the pipeline, the line, the column and the hint", async () => {
  await t.admin("DELETE", "/_admin/requests");
  expect(await check(pipeline(MISSPELLED))).toEqual([{ property: "configYaml", reason: REFUSAL }]);
  // The lint is the check's one request that is not a GET, and it changes nothing.
  const log = (await t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; route: string }[];
  };
  expect(log.entries.filter((e) => e.method !== "GET").map((e) => e.route)).toEqual([
    "/dp/:clusterId/v1/redpanda-connect/pipelines::lint-config",
  ]);
  expect(pipelines()).toEqual([]);
});

it("passes the same configuration fixed, and creates it", async () => {
  const checked = (await call("check", {}, pipeline(FIXED))) as {
    inputs: Props;
    failures?: Failure[];
  };
  expect(checked.failures ?? []).toEqual([]);
  const made = (await call("create", checked.inputs)) as { id: string; outs: Props };
  expect(made.outs.apiState).toBe("STATE_STOPPED");
  expect(pipelines().map((p) => p.config_yaml)).toEqual([FIXED]);
  await call("delete", made.id, made.outs);
});

it("lints at create when the preview could not (the cluster was new): refused before anything is made", async () => {
  const config = MISSPELLED.replace("drop: {}", "drop: {} # created in the same run");
  const err = (await call("create", pipeline(config)).catch((e: unknown) => e)) as Error;
  expect(err).toBeInstanceOf(Error);
  expect(err.message).toContain(REFUSAL);
  expect(pipelines()).toEqual([]);
});

it("goes on without the lint when its request gets no answer (a dropped connection)", async () => {
  await t.admin("DELETE", "/_admin/requests");
  await t.admin("POST", "/_admin/faults", {
    method: "POST",
    path: "pipelines:lint-config$",
    reset: true,
  });
  const config = MISSPELLED.replace("drop: {}", "drop: {} # an older service");
  expect(await check(pipeline(config))).toEqual([]);
  const log = (await t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; status: number }[];
  };
  expect(log.entries.filter((e) => e.method === "POST").map((e) => e.status)).toEqual([0]);
});
