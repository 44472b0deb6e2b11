// The bad-input catalogue (tests/support/bad-inputs.ts) through the real engine: every entry is
// rejected by `pulumi preview`, the error names the property, and the emulator sees no write.
import * as fs from "node:fs";
import * as path from "node:path";
import { BAD_INPUTS } from "../support/bad-inputs";
import type { BadInput } from "../support/bad-inputs";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

// One resource, read from case.json beside the program: a file write per case, no CLI call.
const program = `
const fs = require("fs");
const path = require("path");
const redpanda = require("pulumi-redpanda-cloud");
const c = JSON.parse(fs.readFileSync(path.join(__dirname, "case.json"), "utf8"));
new redpanda[c.kind]("subject", c.args);
`;

// Previews mostly wait on process start-up, so several run at once even on two cores.
const LANES = 4;
let lanes: Scenario[] = [];

beforeAll(async () => {
  lanes = await Promise.all(Array.from({ length: LANES }, () => openScenario("bad", program)));
});
afterAll(() => Promise.all(lanes.map((s) => s.dispose())));

async function rejection(s: Scenario, c: BadInput): Promise<string> {
  fs.writeFileSync(path.join(s.dir, "case.json"), JSON.stringify({ kind: c.kind, args: c.args }));
  try {
    await s.stack.preview();
  } catch (err) {
    return String((err as Error).message);
  }
  return "(preview succeeded)";
}

/** Every case through a lane's preview: rejected, naming the property; no lane's API saw a write. */
async function rejectsAll(cases: BadInput[]): Promise<void> {
  const results: { c: BadInput; message: string }[] = [];
  await Promise.all(
    lanes.map(async (s, lane) => {
      for (let i = lane; i < cases.length; i += LANES) {
        const c = cases[i]!;
        results.push({ c, message: await rejection(s, c) });
      }
    }),
  );

  const misses = results
    .filter(({ c, message }) => {
      const line = message.split("\n").find((l) => l.includes("has a problem")) ?? "";
      // "<type> resource 'subject': property <p> value … has a problem: <Kind> <reason>" — or,
      // for secret inputs, "… 'subject' has a problem: <Kind> <p>: <reason>" (no value shown).
      return !(line.includes(`property ${c.property} value`) || line.includes(` ${c.property}`));
    })
    .map(({ c, message }) => `${c.title}: ${message.slice(0, 600)}`);
  expect(misses).toEqual([]);

  for (const s of lanes) {
    const log = (await s.t.admin("GET", "/_admin/requests")) as {
      entries: { method: string; route: string }[];
    };
    expect(log.entries.filter((e) => e.method !== "GET")).toEqual([]);
  }
}

// Two tests, each with the e2e deadline: a preview waits on process start-up, slow on a busy host.
const undeclared = BAD_INPUTS.filter((c) => c.title.endsWith("with an input it does not declare"));
const others = BAD_INPUTS.filter((c) => !undeclared.includes(c));

it(`rejects all ${others.length} bad values at preview, naming the property, with no write`, async () => {
  expect(others.length).toBeGreaterThanOrEqual(40);
  await rejectsAll(others);
});

it(`rejects an undeclared input of each of the ${undeclared.length} kinds at preview, naming it`, async () => {
  expect(undeclared.length).toBe(24);
  await rejectsAll(undeclared);
});
