// Bad input through the real engine: a handful of the catalogue's entries (tests/support/bad-inputs.ts),
// one of each way an input can be wrong and each way the engine shows the refusal, are rejected by
// `pulumi preview`, the error names the property, and the emulator sees no write. The whole
// catalogue (130 entries) is refused by the dynamic providers' check and by the plugin's Check in
// the integration tier (tests/integration/provider/bad-input.test.ts, plugin/bad-input.test.ts):
// each preview here costs a CLI and a provider process, the check the same verdict in a millisecond.
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
const LANES = 3;
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

/** One case per way of being wrong, and per way the engine prints it (a secret's value is hidden). */
const REPRESENTATIVE = [
  "network CIDR /24 (too small)", // a rule on a plain string
  "Dedicated cluster in a BYOC-only region", // the live region catalogue, read at preview
  "topic fractional partitions", // a number
  "cluster maintenance hour 24", // a nested input
  "quota setting one type twice", // a rule across a list's items
  "network timeout that is not a duration", // the resource options every kind takes
  "user password too short", // a secret: the error shows no value
  "connector secret data that is a string", // a secret map
  "Topic with an input it does not declare", // an undeclared input, refused by name
];

it(`rejects ${REPRESENTATIVE.length} representative bad inputs at preview, naming the property, with no write`, async () => {
  const cases = REPRESENTATIVE.map((title) => BAD_INPUTS.find((c) => c.title === title)!);
  expect(cases.filter((c) => c === undefined)).toEqual([]);
  await rejectsAll(cases);
});
