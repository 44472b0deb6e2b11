// The contract's fields that were not inputs before, through the real engine, on one Dedicated
// cluster: a Pipeline there (pipelines run on Dedicated) with `serviceAccount` (a ServiceAccount's
// credentials, secret) and `tags`; a ServiceAccount made with `roleBindings`; a Topic placed by
// `replicaAssignments`; a ConnectorSecret with `labels`. Create, no-change preview, in-place
// updates of tags, labels and the pipeline's account, refresh with no drift, a refused undeclared
// input, destroy.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
${dedicatedCluster("e2e-contract", "10.31.0.0/20", "kafkaConnect: true,")}
const url = cluster.dataplaneApiUrl;
const sa = new redpanda.ServiceAccount("sa", {
  name: "pipeline-runner",
  roleBindings: [{ roleName: "Writer", scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: cluster.id } }],
});
const other = new redpanda.ServiceAccount("other", { name: "pipeline-runner-2" });
const runner = cfg.get("runner") === "other" ? other : sa;
const pipeline = new redpanda.Pipeline("pipeline", {
  dataplaneApiUrl: url, displayName: "orders-copy", configYaml: "input:\\n  generate:\\n    mapping: root = {}\\n",
  state: "stopped",
  serviceAccount: { clientId: runner.clientId, clientSecret: runner.clientSecret },
  tags: { team: cfg.get("team") ?? "payments" },
  ${"${extra}"}
});
new redpanda.Topic("placed", {
  dataplaneApiUrl: url, name: "placed",
  replicaAssignments: [{ partitionId: 0, replicaIds: [0, 1, 2] }, { partitionId: 1, replicaIds: [1, 2, 0] }],
});
new redpanda.ConnectorSecret("secret", {
  dataplaneApiUrl: url, name: "sink", secretData: { key: "connector-secret-value" },
  labels: { owner: cfg.get("owner") ?? "data-eng" },
});
exports.clusterId = cluster.id;
exports.saId = sa.id;
exports.otherClientId = other.clientId;
exports.pipelineId = pipeline.id;
exports.pipelineUrl = pipeline.url;
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("contract-inputs", program.replace("${extra}", ""));
});
afterAll(() => s?.disposeChecked("contract-inputs"));

it("creates, updates in place and refreshes the new inputs with no drift", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 8 });
  const clusterId = up.outputs.clusterId as string;
  const w = () => s.t.emu.world();
  const dp = () => w().dataplanes[clusterId]!;
  const pipelineId = up.outputs.pipelineId as string;
  const pipeline = () => dp().pipelines[pipelineId]!;
  const secret = () => Object.values(dp().connectSecrets).find((x) => x.name === "sink")!;

  // Pipeline on a Dedicated cluster, with its account and tags as the vendor stores them.
  const sa = w().serviceAccounts[up.outputs.saId as string]!;
  expect(pipeline().service_account).toEqual({
    client_id: sa.client_id,
    client_secret: sa.client_secret,
  });
  expect(pipeline().tags).toEqual({ team: "payments" });
  expect(up.outputs.pipelineUrl).toMatch(new RegExp(`/${pipelineId}$`));
  // The account's role binding was made with it.
  expect(Object.values(w().roleBindings).filter((rb) => rb.account_id === sa.id)).toMatchObject([
    {
      role_name: "Writer",
      scope: { resource_type: "SCOPE_RESOURCE_TYPE_CLUSTER", resource_id: clusterId },
    },
  ]);
  // Counts follow from the assignments.
  expect(dp().topics.placed).toMatchObject({ partition_count: 2, replication_factor: 3 });
  expect(secret().labels).toEqual({ owner: "data-eng" });
  expect((await s.stack.preview()).changes).toEqual({ same: 8 });

  // In place: tags, labels, and the account the pipeline runs as.
  await s.set("team", "risk");
  await s.set("owner", "platform");
  await s.set("runner", "other");
  const updated = await s.stack.up();
  expect(updated.changes).toEqual({ update: 2, same: 6 });
  expect(pipeline().tags).toEqual({ team: "risk" });
  expect(pipeline().service_account?.client_id).toBe(updated.outputs.otherClientId);
  expect(secret().labels).toEqual({ owner: "platform" });

  // Refresh finds what was written: no drift, stored inputs unchanged.
  const inputsBefore = await s.stack.storedInputs();
  expect((await s.stack.refresh()).changes).toEqual({ same: 8 });
  expect(await s.stack.storedInputs()).toEqual(inputsBefore);
  expect((await s.stack.preview()).changes).toEqual({ same: 8 });

  // Labels changed behind Pulumi's back show as drift and are put back.
  const path = `/dp/${clusterId}/v1/kafka-connect/clusters/redpanda/secrets/${secret().id}`;
  const drifted = await s.t.call("PUT", path, {
    secret_data: Buffer.from(JSON.stringify({ key: "connector-secret-value" })).toString("base64"),
    labels: { owner: "someone-else" },
  });
  expect(drifted.status).toBe(200);
  await s.stack.refresh();
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: 7 });
  expect(secret().labels).toEqual({ owner: "platform" });

  // The service account's secret never reaches the state files in plaintext.
  expect(s.stack.findInBackend([sa.client_secret, "connector-secret-value"])).toEqual([]);

  await s.stack.destroy();
  expect(w().roleBindings).toEqual({});
  expect(s.t.emu.inventory().dataplanes).toEqual({});
});

it("refuses an input Pipeline does not declare, naming it, before any write", async () => {
  const bad = await openScenario(
    "contract-inputs-bad",
    program.replace("${extra}", 'lables: { a: "b" },'),
  );
  try {
    const err = await bad.stack.preview().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(String(err?.message)).toContain('Pipeline has no input "lables"');
    const log = (await bad.t.admin("GET", "/_admin/requests")) as {
      entries: { method: string }[];
    };
    expect(log.entries.filter((e) => e.method !== "GET")).toEqual([]);
  } finally {
    await bad.dispose();
  }
});
