// The conformance test of issue "one declaration per kind": every artefact derived from a kind's
// declaration (provider/kinds/) agrees with it — the generated `*Args` types, TSDoc and classes,
// the resources index (docs/resources.md), docs/plugin.md's import ids, the wire types, the
// runtime's registry and the file names.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { KINDS } from "../../../provider/kinds/registry";
import { RESOURCE_TYPES, providerFor } from "../../../provider/runtime-entry";

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

/** Runs the wire generator (scripts/codegen/wire.ts) with `args`: its exit code and stderr. */
function wireGenerator(...args: string[]): { status: number | null; stderr: string } {
  const tsNode = require.resolve("ts-node/dist/bin.js");
  const run = spawnSync(
    process.execPath,
    [tsNode, "--transpile-only", "scripts/codegen/wire.ts", ...args],
    { cwd: REPO, encoding: "utf8" },
  );
  return { status: run.status, stderr: run.stderr };
}

it("generates exactly the checked-in wire types (provider/wire/) from the contract", () => {
  // Non-zero, naming the file, when any of provider/wire/ is stale or not generated.
  expect(wireGenerator("--check")).toEqual({ status: 0, stderr: "" });
});

it("fails, naming the files, when the contract changes and provider/wire/ does not", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rp-wire-"));
  try {
    for (const f of ["cloud-controlplane.json", "cloud-dataplane.json"]) {
      fs.copyFileSync(path.join(REPO, "contract", f), path.join(dir, f));
    }
    const file = path.join(dir, "cloud-controlplane.json");
    const contract = JSON.parse(fs.readFileSync(file, "utf8")) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    // A field the vendor adds to a nested object the kinds take as input.
    contract.components.schemas["AWSPrivateLinkSpec"]!.properties["new_field"] = { type: "string" };
    fs.writeFileSync(file, JSON.stringify(contract));
    const run = wireGenerator("--check", "--contract", dir);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n").sort()).toEqual(
      ["controlplane-openapi.ts", "nested-inputs.ts", "nested-schemas.ts"].map(
        (f) => `provider/wire/${f} disagrees with contract/: run npm run codegen`,
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("generates exactly the checked-in resource modules, resources index and import ids", async () => {
  expect(generator<string[]>("gen.staleFiles()")).toEqual([]);
});

it("fails, naming the file and line, when a declaration changes and the artefacts do not", () => {
  // What a change does is in the module's TSDoc (and the schema's reference pages, checked by
  // reference-docs.test.ts); the kind's one line is in the module and docs/resources.md's index.
  const stale = generator<string[]>(
    "gen.staleFiles()",
    'KINDS.topic.fields.replicationFactor.change = "update"; KINDS.topic.doc = "A Kafka topic, renamed."',
  );
  expect(stale).toEqual([
    expect.stringMatching(
      /^provider\/kinds\/topic\/resource\.ts disagrees with its declaration at line \d+: expected ".*Replicas.*updates in place\. \*\/", found ".*replaces the resource\. \*\/"/,
    ),
    expect.stringMatching(
      /^docs\/resources\.md disagrees with its declaration at line \d+: expected "\| \[Topic\]\[\] +\| A Kafka topic, renamed\./,
    ),
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
    "provider/kinds/terraform-mappings.ts",
    "provider/lookups/index.ts",
  ];
  expect([...generated, ...handWritten].sort()).toEqual(present.sort());
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
