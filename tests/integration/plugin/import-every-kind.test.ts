// Every kind imports clean through the plugin's handlers: an object of each of the 25 kinds, made
// out of band through the emulator's REST API (support/organization.ts), is read by its documented
// import id (as `pulumi import` does: Read with an id and nothing else); what the read answers
// checks with no failure against itself and diffs as no change against the outputs it stored.
// The same for every kind on a Serverless cluster, whose id the Dedicated route refuses
// (PERMISSION_DENIED, as the vendor's does): the plugin asks the Serverless route next, once.
// The ids the migration from Terraform writes (provider/migrate/from-terraform.ts) for the same
// objects, held as the vendor's provider holds them, import the same way.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { KINDS } from "../../../provider/kinds/registry";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import type { LogEntry } from "../../../emulator/control";
import type { Made } from "../../support/cluster-objects";
import { serverlessObjects } from "../../support/cluster-objects";
import type { Organization } from "../../support/organization";
import { buildOrganization } from "../../support/organization";
import type { TestPlugin } from "../../support/plugin";
import { configure, testPlugin, urnOf } from "../../support/plugin";
import { planFromTerraform } from "../../../provider/migrate/from-terraform";
import { readTerraformState } from "../../../provider/migrate/terraform-state";
import type { TfResource } from "../../support/terraform-state";
import { stateV4 } from "../../support/terraform-state";

let t: TestEmulator;
let p: TestPlugin;
let org: Organization;
let onServerless: Made[];

beforeAll(async () => {
  t = await startTestEmulator();
  p = testPlugin();
  await configure(p, { apiUrl: t.emu.url, accessToken: TOKEN });
  org = await buildOrganization(t, "every-kind");
  onServerless = await serverlessObjects(t, org.serverlessId);
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "import-every-kind");
});

/** Import, check, diff: the problems found, empty when the kind imports clean. */
async function importProblems(kind: string, id: string): Promise<string[]> {
  const token = `redpandacloud:index:${kind}`;
  const urn = urnOf(kind, "imported");
  const res = await p.call<pb.ReadRequest, pb.ReadResponse>(
    "read",
    new pb.ReadRequest().setId(id).setUrn(urn).setType(token),
  );
  if (!res.getId()) return ["not found"];
  const checked = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "check",
    new pb.CheckRequest()
      .setUrn(urn)
      .setType(token)
      .setOlds(res.getInputs())
      .setNews(res.getInputs()),
  );
  const failures = checked
    .getFailuresList()
    .map((f) => `check: ${f.getProperty()} ${f.getReason()}`);
  if (failures.length) return failures;
  const diff = await p.call<pb.DiffRequest, pb.DiffResponse>(
    "diff",
    new pb.DiffRequest()
      .setId(res.getId())
      .setUrn(urn)
      .setType(token)
      .setOlds(res.getProperties())
      .setNews(checked.getInputs()),
  );
  return diff.getDiffsList().map((k) => `diff: ${k}`);
}

it("makes an object of every kind", () => {
  expect([...new Set(org.made.map((m) => m.kind))].sort()).toEqual(
    Object.values(KINDS)
      .map((k) => k.type)
      .sort(),
  );
});

/** Imports each object by its id: the problems found, by kind; empty when all import clean. */
async function importAll(made: Made[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const m of made) {
    try {
      const found = await importProblems(m.kind, m.id);
      if (found.length) problems[m.kind] = found;
    } catch (err) {
      problems[m.kind] = [String((err as Error).message ?? err)];
    }
  }
  return problems;
}

it("imports each kind by its documented id, clean", async () => {
  expect(await importAll(org.made)).toEqual({});
});

it("imports each kind on a Serverless cluster by <serverlessClusterId>/<rest>, clean", async () => {
  expect(onServerless.map((m) => m.id.split("/")[0])).toEqual(
    onServerless.map(() => org.serverlessId),
  );
  await t.admin("DELETE", "/_admin/requests");
  expect(await importAll(onServerless)).toEqual({});
  // One lookup for the 10 objects: the Dedicated route refuses the id, the Serverless one has it.
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: LogEntry[] };
  const asked = log.entries
    .filter((e) => e.path.endsWith(`/clusters/${org.serverlessId}`))
    .map((e) => `${e.method} ${e.route} ${e.status}`);
  expect(asked).toEqual(["GET /v1/clusters/:id 403", "GET /v1/serverless/clusters/:id 200"]);
});

/** The organization's objects of the 16 Terraform resource types, as the vendor's provider holds them. */
function asTerraform(): TfResource[] {
  const idOf = (kind: string) => org.made.find((m) => m.kind === kind)!.id;
  const one = (type: string, attributes: Record<string, unknown>): TfResource => ({
    type,
    name: type.replace(/^redpanda_/, ""),
    instances: [{ attributes }],
  });
  const dp = { cluster_api_url: org.dataplaneApiUrl };
  const sr = { cluster_id: org.clusterId };
  return [
    one("redpanda_resource_group", { id: org.resourceGroupId }),
    one("redpanda_network", { id: org.networkId }),
    one("redpanda_cluster", { id: org.clusterId, cluster_api_url: org.dataplaneApiUrl }),
    one("redpanda_serverless_cluster", { id: org.serverlessId }),
    one("redpanda_serverless_private_link", { id: idOf("ServerlessPrivateLink") }),
    one("redpanda_service_account", { id: idOf("ServiceAccount") }),
    one("redpanda_shadow_link", { id: idOf("ShadowLink") }),
    one("redpanda_user", { ...dp, id: "app", name: "app", mechanism: "scram-sha-256" }),
    one("redpanda_topic", { ...dp, id: "orders", name: "orders", partition_count: 3 }),
    one("redpanda_acl", {
      ...dp,
      resource_type: "TOPIC",
      resource_pattern_type: "LITERAL",
      resource_name: "orders",
      principal: "User:app",
      host: "*",
      operation: "READ",
      permission_type: "ALLOW",
    }),
    one("redpanda_role", { ...dp, id: "readers", name: "readers" }),
    one("redpanda_role_assignment", { ...dp, role_name: "readers", principal: "User:app" }),
    one("redpanda_schema", { ...sr, id: 1, subject: "orders-value" }),
    one("redpanda_schema_registry_acl", {
      ...sr,
      principal: "User:app",
      resource_type: "SUBJECT",
      resource_name: "orders-value",
      pattern_type: "LITERAL",
      host: "*",
      operation: "READ",
      permission: "ALLOW",
    }),
    one("redpanda_pipeline", { ...dp, id: idOf("Pipeline").split("/").pop() }),
    one("redpanda_secret", { ...dp, id: "PG_PASSWORD", name: "PG_PASSWORD" }),
  ];
}

it("imports by the ids the migration from Terraform writes, clean", async () => {
  const plan = planFromTerraform(readTerraformState(stateV4(asTerraform())));
  expect(plan.moved).toHaveLength(16);
  const problems: Record<string, string[]> = {};
  for (const m of plan.moved) {
    try {
      const found = await importProblems(m.kind, m.importId);
      if (found.length) problems[m.kind] = found;
    } catch (err) {
      problems[m.kind] = [String((err as Error).message ?? err)];
    }
  }
  expect(problems).toEqual({});
});
