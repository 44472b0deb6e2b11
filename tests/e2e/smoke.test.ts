// Smoke: the real engine drives one of this package's resources (a ResourceGroup, the smallest)
// through its whole life against the emulator — the path every other e2e test builds on.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const group = new redpanda.ResourceGroup("smoke", { name: cfg.get("name") || "smoke-one" });
exports.groupId = group.id;
exports.groupName = group.name;
`;

let s: Scenario;

beforeAll(async () => {
  s = await openScenario("smoke", program);
});

afterAll(async () => {
  await s?.disposeChecked("smoke");
});

it("creates, stays unchanged, renames in place, refreshes and destroys", async () => {
  const first = await s.stack.up();
  expect(first.changes).toEqual({ create: 1 });
  const id = first.outputs.groupId as string;
  expect((await s.t.call("GET", `/v1/resource-groups/${id}`)).body.resource_group.name).toBe(
    "smoke-one",
  );

  expect((await s.stack.up()).changes).toEqual({ same: 1 });

  await s.set("name", "smoke-two");
  const renamed = await s.stack.up();
  expect(renamed.changes).toEqual({ update: 1 });
  expect(renamed.outputs).toEqual({ groupId: id, groupName: "smoke-two" });
  expect((await s.t.call("GET", `/v1/resource-groups/${id}`)).body.resource_group.name).toBe(
    "smoke-two",
  );

  const refreshed = await s.stack.refresh();
  expect([refreshed.changes.update, refreshed.changes.delete]).toEqual([undefined, undefined]);

  expect((await s.stack.destroy()).changes).toEqual({ delete: 1 });
  expect((await s.t.call("GET", `/v1/resource-groups/${id}`)).status).toBe(404);
});
