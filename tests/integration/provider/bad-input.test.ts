// The bad-input catalogue (tests/support/bad-inputs.ts) through the dynamic providers: every entry is
// refused by the provider's check (what the engine calls at preview, here called as the shim in
// state calls it), the failure names the property, and nothing reaches the emulator but reads of
// its catalogues (regions, permissions) — no write. The plugin's front door has the same test
// (tests/integration/plugin/bad-input.test.ts); tests/e2e/bad-input.test.ts takes a handful of
// these through the real engine, to show how a refusal reads in `pulumi preview`.
import { BAD_INPUTS, VALID_ARGS } from "../../support/bad-inputs";
import type { TestEmulator } from "../../support/emulator";
import { configureRuntime, startTestEmulator } from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
});
afterAll(() => t.close());

interface Failure {
  property: string;
  reason: string;
}

/** The provider's check of a new resource of `kind`: its failures. */
async function check(kind: string, args: Record<string, unknown>): Promise<Failure[]> {
  // JSON round trip: a case may set an input to undefined to leave it out, as a program does.
  const news = JSON.parse(JSON.stringify(args)) as Props;
  const res = (await call("check", {}, { ...news, _rpType: kind })) as { failures?: Failure[] };
  return res.failures ?? [];
}

/** The read-only catalogues a check may consult (the region and permission lists). */
const CATALOGUES = ["/v1/regions/:cloud", "/v1/serverless/regions", "/v1/permissions"];

const names = (failures: Failure[], property: string): boolean =>
  failures.some((f) => f.property === property || f.reason.includes(property));

it("every kind's valid arguments pass the check (so a refusal below is the one bad input)", async () => {
  const refused: string[] = [];
  for (const [kind, args] of Object.entries(VALID_ARGS)) {
    const failures = await check(kind, args);
    if (failures.length > 0) refused.push(`${kind}: ${failures.map((f) => f.reason).join("; ")}`);
  }
  expect(refused).toEqual([]);
});

it(`refuses all ${BAD_INPUTS.length} catalogue entries at check, naming the property, with no write`, async () => {
  expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(64);
  expect(BAD_INPUTS.filter((c) => c.title.endsWith("an input it does not declare"))).toHaveLength(
    25,
  );
  await t.admin("DELETE", "/_admin/requests");
  const misses: string[] = [];
  for (const c of BAD_INPUTS) {
    const failures = await check(c.kind, c.args);
    if (!names(failures, c.property))
      misses.push(
        `${c.title}: ${failures.map((f) => `${f.property}: ${f.reason}`).join("; ") || "(accepted)"}`,
      );
  }
  expect(misses).toEqual([]);
  const log = (await t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; route: string }[];
  };
  expect(log.entries.filter((e) => e.method !== "GET")).toEqual([]);
  const read = new Set(log.entries.map((e) => e.route));
  expect([...read].filter((r) => !CATALOGUES.includes(r))).toEqual([]);
});
