// The conformance test of issue "one declaration per kind": every artefact derived from a kind's
// declaration (provider/kinds/) agrees with it — the generated `*Args` types, TSDoc and classes,
// the resource reference (docs/resources.md) and the README's short table, the wire types, the
// runtime's registry and the file names.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { KINDS } from "../../../provider/kinds/registry";
import { RESOURCE_TYPES, providerFor } from "../../../provider/runtime";

jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, "..", "..", "..");

/**
 * Runs the generator in its own process (prettier, which it formats with, cannot load inside
 * jest's module sandbox): `setup` runs first with `KINDS` in scope; the result of `expression`
 * (on `gen`, the generator module) is printed as JSON.
 */
function generator<T>(expression: string, setup = ""): T {
  const program = `
    const { KINDS } = require("./provider/kinds/registry");
    const gen = require("./scripts/codegen/resources");
    ${setup};
    Promise.resolve(${expression}).then((r) => console.log(JSON.stringify(r)));`;
  const tsNode = require.resolve("ts-node/dist/bin.js");
  const out = execFileSync(process.execPath, [tsNode, "--transpile-only", "-e", program], {
    cwd: REPO,
    encoding: "utf8",
  });
  return JSON.parse(out) as T;
}

it("generates exactly the checked-in nested wire schemas from the contract", () => {
  const tsNode = require.resolve("ts-node/dist/bin.js");
  // Exits non-zero, naming the file, when provider/kinds/wire/controlplane.ts is stale.
  execFileSync(
    process.execPath,
    [tsNode, "--transpile-only", "scripts/codegen/nested.ts", "--check"],
    {
      cwd: REPO,
      encoding: "utf8",
    },
  );
});

it("generates exactly the checked-in resource modules, resource reference and README table", async () => {
  expect(generator<string[]>("gen.staleFiles()")).toEqual([]);
});

it("fails, naming the file and line, when a declaration changes and the artefacts do not", () => {
  const stale = generator<string[]>(
    "gen.staleFiles()",
    'KINDS.topic.fields.replicationFactor.change = "update"',
  );
  expect(stale).toEqual([
    expect.stringMatching(
      /^provider\/kinds\/topic\/resource\.ts disagrees with its declaration at line \d+: expected ".*Replicas.*updates in place\. \*\/", found ".*replaces the resource\. \*\/"/,
    ),
    expect.stringMatching(/^docs\/resources\.md disagrees with its declaration/),
  ]);
});

it("generates one resource module per kind folder, the registry and nothing else", () => {
  const generated = generator<string[]>("gen.renderAll().then((m) => [...m.keys()])").filter((f) =>
    f.startsWith("provider/"),
  );
  const handWritten = ["provider/resources/base.ts"];
  const present = [
    ...fs
      .readdirSync(path.join(REPO, "provider", "resources"))
      .map((f) => `provider/resources/${f}`),
    ...Object.keys(KINDS).map((k) => `provider/kinds/${k}/resource.ts`),
    "provider/kinds/registry.ts",
    "provider/kinds/exports.ts",
  ];
  expect([...generated, ...handWritten].sort()).toEqual(present.sort());
});

it("keeps the wire types what the vendor contract gives", () => {
  // Exits non-zero, naming the file, when provider/client/wire/ is out of date.
  execFileSync(process.execPath, [path.join(REPO, "scripts", "codegen", "wire.mjs"), "--check"]);
});

it("serves every declared kind, under its type name, with one folder holding every layer", () => {
  expect(Object.values(KINDS).map((k) => k.type)).toEqual(RESOURCE_TYPES);
  for (const [file, kind] of Object.entries(KINDS)) {
    expect(providerFor(kind.type)).toBeDefined();
    for (const layer of [
      `provider/kinds/${file}/kind.ts`,
      `provider/kinds/${file}/spec.ts`,
      `provider/kinds/${file}/resource.ts`,
      `provider/kinds/${file}/api.ts`,
      `emulator/routes/${file}.ts`,
    ])
      expect([layer, fs.existsSync(path.join(REPO, layer))]).toEqual([layer, true]);
  }
});

it("declares a default deadline for every phase a kind's timeouts input documents", () => {
  for (const kind of Object.values(KINDS)) {
    const hasInput = "timeouts" in kind.fields;
    expect([kind.type, hasInput]).toEqual([kind.type, kind.timeouts !== undefined]);
  }
});
