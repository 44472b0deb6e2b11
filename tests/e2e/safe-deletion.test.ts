// Safe deletion (issue 33): a topic removed from the program, a topic whose name changes and a
// `pulumi destroy` are refused while deletion is not allowed — at preview, with nothing deleted in
// the emulator — and done as asked after the documented opt-out (README, "Safe deletion").
import { emulatorListing } from "../support/inventory";
import { dedicatedCluster } from "../support/programs";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
${dedicatedCluster("safe", "10.61.0.0/20")}
const url = cluster.dataplaneApiUrl;
new redpanda.Topic("orders", {
  dataplaneApiUrl: url, name: cfg.get("ordersName") || "orders", partitionCount: 1,
  allowDeletion: cfg.getBoolean("ordersAllow"),
});
if (cfg.get("events") !== "absent") {
  new redpanda.Topic("events", { dataplaneApiUrl: url, name: "events", partitionCount: 1 });
}
`;

let s: Scenario;

/** The CLI's words of a run that must fail (the Automation API throws them). */
async function refused(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    return String((err as Error).message);
  }
  throw new Error("the run succeeded; it should have been refused");
}

const topics = () => emulatorListing(s.t).Topic;
const clusters = () => emulatorListing(s.t).Cluster;

/** Each of the user's resources → whether the state marks it `protect`. */
async function protectedByName(): Promise<Record<string, boolean>> {
  const { resources } = (await s.stack.exportState()) as {
    resources: { urn: string; type: string; protect?: boolean }[];
  };
  return Object.fromEntries(
    resources
      .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/redpanda:"))
      .map((r) => [r.urn.split("::").pop()!, r.protect === true]),
  );
}

beforeAll(async () => {
  s = await openScenario("safe-deletion", program);
  // This suite tests the default: the fixture's stack-wide opt-out is taken away.
  await s.stack.stack.removeConfig("redpanda:allowDeletion");
});

afterAll(async () => {
  await s?.disposeChecked("safe-deletion");
});

it("protects what holds data by default, and only that", async () => {
  expect((await s.stack.up()).changes).toEqual({ create: 5 });
  expect(await protectedByName()).toEqual({
    rg: false,
    net: false,
    cluster: true,
    orders: true,
    events: true,
  });
  expect(topics()).toEqual(["events", "orders"]);
});

it("refuses a topic removed from the program at preview, and deletes it after the opt-out", async () => {
  await s.set("events", "absent");
  const preview = await refused(() => s.stack.preview());
  expect(preview).toContain("Topic::events");
  expect(preview).toContain("cannot be deleted");
  expect(preview).toContain("pulumi state unprotect");
  const up = await refused(() => s.stack.up());
  expect(up).toContain("Topic::events");
  expect(topics()).toEqual(["events", "orders"]);

  // Unprotected by hand (as the engine's message offers), it meets the provider's own refusal,
  // before any API call, as state written before the guard does: the line that allows it.
  const urn = Object.keys(await s.stack.storedInputs()).find((u) => u.endsWith("Topic::events"))!;
  const unprotect = await s.stack.startCli(["state", "unprotect", urn, "--yes"]).exited;
  expect(unprotect.code).toBe(0);
  const byProvider = await refused(() => s.stack.up());
  expect(byProvider).toContain("Refusing to delete topic events");
  expect(byProvider).toContain("pulumi config set redpanda:allowDeletion true");
  expect(topics()).toEqual(["events", "orders"]);

  // The documented opt-out: the stack allows deletion, one `up` with the topic still declared
  // records it; then the same run as before deletes as asked.
  await s.stack.stack.setConfig("redpanda:allowDeletion", { value: "true" });
  await s.set("events", "present");
  expect((await s.stack.up()).changes).toEqual({ same: 5 });
  expect(await protectedByName()).toMatchObject({ cluster: false, events: false });
  await s.set("events", "absent");
  expect((await s.stack.preview()).changes).toMatchObject({ delete: 1 });
  expect((await s.stack.up()).changes).toEqual({ same: 4, delete: 1 });
  expect(topics()).toEqual(["orders"]);
  await s.stack.stack.removeConfig("redpanda:allowDeletion");
  expect((await s.stack.up()).changes).toEqual({ same: 4 });
  expect(await protectedByName()).toMatchObject({ cluster: true, orders: true });
});

it("refuses a topic whose name changes at preview, and replaces it with allowDeletion in the same up", async () => {
  await s.set("ordersName", "orders-v2");
  const preview = await refused(() => s.stack.preview());
  expect(preview).toContain("Refusing to replace topic orders");
  expect(preview).toContain("allowDeletion: true");
  expect(preview).toContain("pulumi config set redpanda:allowDeletion true");
  await refused(() => s.stack.up());
  expect(topics()).toEqual(["orders"]);

  // The per-resource opt-out, in the same `up` as the change.
  await s.set("ordersAllow", "true");
  expect((await s.stack.preview()).changes).toMatchObject({ replace: 1 });
  const replaced = await s.stack.up();
  expect(replaced.changes).toMatchObject({ replace: 1 });
  expect(topics()).toEqual(["orders-v2"]);
  expect(await protectedByName()).toMatchObject({ orders: false, cluster: true });
});

it("refuses `pulumi destroy` of the protected cluster with what to do, then destroys after the opt-out", async () => {
  const destroy = await refused(() => s.stack.destroy());
  expect(destroy).toContain("Cluster::cluster");
  expect(destroy).toContain("cannot be deleted");
  expect(destroy).toContain("pulumi state unprotect");
  expect(clusters()).toHaveLength(1);

  // The documented opt-out for a whole stack: the config, then `pulumi destroy --run-program`
  // (the program runs, so the resources it declares are no longer protected).
  await s.stack.stack.setConfig("redpanda:allowDeletion", { value: "true" });
  await s.stack.stack.destroy({ runProgram: true });
  expect(emulatorListing(s.t)).toMatchObject({ Cluster: [], Topic: [], Network: [] });
});
