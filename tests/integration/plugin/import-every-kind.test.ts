// Every kind imports clean through the plugin's handlers: an object of each of the 24 kinds, made
// out of band through the emulator's REST API (support/organization.ts), is read by its documented
// import id (as `pulumi import` does: Read with an id and nothing else); what the read answers
// checks with no failure against itself and diffs as no change against the outputs it stored.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { KINDS } from "../../../provider/kinds/registry";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import type { Organization } from "../../support/organization";
import { buildOrganization } from "../../support/organization";
import type { TestPlugin } from "../../support/plugin";
import { configure, testPlugin, urnOf } from "../../support/plugin";

let t: TestEmulator;
let p: TestPlugin;
let org: Organization;

beforeAll(async () => {
  t = await startTestEmulator();
  p = testPlugin();
  await configure(p, { apiUrl: t.emu.url, accessToken: TOKEN });
  org = await buildOrganization(t, "every-kind");
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

it("makes one object of every kind", () => {
  expect(org.made.map((m) => m.kind).sort()).toEqual(
    Object.values(KINDS)
      .map((k) => k.type)
      .sort(),
  );
});

it("imports each kind by its documented id, clean", async () => {
  const problems: Record<string, string[]> = {};
  for (const m of org.made) {
    try {
      const found = await importProblems(m.kind, m.id);
      if (found.length) problems[m.kind] = found;
    } catch (err) {
      problems[m.kind] = [String((err as Error).message ?? err)];
    }
  }
  expect(problems).toEqual({});
});
