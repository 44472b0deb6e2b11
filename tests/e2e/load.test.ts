// Load: one stack with 600 data-plane resources against an emulator that answers 429 with
// Retry-After beyond 50 requests/s. Every resource is created, none fails, and the state matches
// the emulator. The time is a benchmark figure (bench/load.mjs), not asserted here.
import { inventoryAndState } from "../support/inventory";
import { loadProgram } from "../support/load-program";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const N = 600;
let s: Scenario;

beforeAll(async () => {
  s = await openScenario("load", loadProgram(N));
  await s.t.admin("POST", "/_admin/rate-limit", { rps: 50 });
});
afterAll(async () => {
  await s?.t.admin("POST", "/_admin/rate-limit", {});
  await s?.stack.destroy().catch(() => undefined);
  await s?.dispose();
});

it(`creates ${N} data-plane resources at a 50 requests/s limit with no failure`, async () => {
  const started = Date.now();
  const up = await s.stack.up();
  const seconds = (Date.now() - started) / 1000;
  expect(up.changes).toEqual({ create: N + 3 });
  const log = (await s.t.admin("GET", "/_admin/requests")) as {
    entries: { status: number }[];
  };
  const throttled = log.entries.filter((e) => e.status === 429).length;
  const failed = log.entries.filter((e) => e.status >= 500).length;
  process.stdout.write(
    `load: ${N + 3} resources in ${seconds.toFixed(1)} s, ${log.entries.length} requests, ${throttled} answered 429\n`,
  );
  expect(failed).toBe(0);
  const { emulator, state } = await inventoryAndState(s.t, s.stack);
  expect(state).toEqual(emulator);
  expect(emulator.Topic).toHaveLength(N / 2);
  expect(emulator.User).toHaveLength(N / 3);
  const clusterId = up.outputs.clusterId as string;
  expect(s.t.emu.world().dataplanes[clusterId]?.acls).toHaveLength(N - N / 2 - N / 3);
});

it("refreshes all of them under a limit that bites (25 requests/s): 429s retried, no drift", async () => {
  // The engine creates at a pace that may stay under 50/s; reads come faster, so a lower limit
  // makes sure the 429 path carries real load. Without the quota header (as behind a gateway
  // that drops it): with it, the client holds back before the first 429 (bench: `rate`).
  await s.t.admin("DELETE", "/_admin/requests");
  await s.t.admin("POST", "/_admin/rate-limit", { rps: 25, header: false });
  const refreshed = await s.stack.refresh();
  expect(refreshed.changes.update ?? 0).toBe(0);
  expect(refreshed.changes.delete ?? 0).toBe(0);
  const log = (await s.t.admin("GET", "/_admin/requests")) as {
    entries: { status: number }[];
  };
  const throttled = log.entries.filter((e) => e.status === 429).length;
  process.stdout.write(`load refresh: ${log.entries.length} requests, ${throttled} answered 429\n`);
  expect(throttled).toBeGreaterThan(0);
  expect(log.entries.filter((e) => e.status >= 500)).toHaveLength(0);
  const { emulator, state } = await inventoryAndState(s.t, s.stack);
  expect(state).toEqual(emulator);
});
