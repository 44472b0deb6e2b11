// The bad-input catalogue (tests/support/bad-inputs.ts) through the provider plugin: every entry is
// refused by Check (what the engine calls at preview), the failure names the property, and nothing
// reaches the emulator but reads of its catalogues (regions, permissions) — no write. tests/e2e/bad-input.test.ts does the same through the
// dynamic providers.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { BAD_INPUTS, VALID_ARGS } from "../../support/bad-inputs";
import type { BadInput } from "../../support/bad-inputs";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, startTestEmulator } from "../../support/emulator";
import type { TestPlugin } from "../../support/plugin";
import { configure, struct, testPlugin, urnOf } from "../../support/plugin";

let t: TestEmulator;
let p: TestPlugin;

beforeAll(async () => {
  t = await startTestEmulator();
  p = testPlugin();
  await configure(p, { apiUrl: t.emu.url, accessToken: TOKEN });
});
afterAll(() => t.close());

/** Check as the engine calls it for a new resource: the failures, as "property: reason". */
async function check(kind: string, args: Record<string, unknown>): Promise<pb.CheckFailure[]> {
  // JSON round trip: a case may set an input to undefined to leave it out.
  const news = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
  const res = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "check",
    new pb.CheckRequest()
      .setUrn(urnOf(kind, "subject"))
      .setType(`redpandacloud:index:${kind}`)
      .setOlds(struct({}))
      .setNews(struct(news)),
  );
  return res.getFailuresList();
}

/** The read-only catalogues Check may consult (the region and permission lists). */
const CATALOGUES = ["/v1/regions/:cloud", "/v1/serverless/regions", "/v1/permissions"];

const names = (f: pb.CheckFailure[], property: string): boolean =>
  f.some((x) => x.getProperty() === property || x.getReason().includes(property));

it("every kind's valid arguments pass Check (so a refusal below is the one bad input)", async () => {
  const refused: string[] = [];
  for (const [kind, args] of Object.entries(VALID_ARGS)) {
    const f = await check(kind, args);
    if (f.length > 0) refused.push(`${kind}: ${f.map((x) => x.getReason()).join("; ")}`);
  }
  expect(refused).toEqual([]);
});

it(`refuses all ${BAD_INPUTS.length} catalogue entries at Check, naming the property, with no write`, async () => {
  expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(64);
  const misses: string[] = [];
  for (const c of BAD_INPUTS as BadInput[]) {
    const f = await check(c.kind, c.args);
    if (!names(f, c.property))
      misses.push(
        `${c.title}: ${f.map((x) => `${x.getProperty()}: ${x.getReason()}`).join("; ") || "(accepted)"}`,
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
