// Every kind imports clean, through the real CLI (issue 37; the table in docs/adopt.md): one
// object of each of the 24 kinds, made out of band through the emulator's REST API
// (support/organization.ts), is imported by its documented id with one `pulumi import --file`
// into a YAML program; the generated code, as the program, previews with nothing to create,
// update, replace or delete, and nothing in the emulator changes. (The Go, Python and Node.js
// hosts built here do not generate code: docs/adopt.md, "Every kind".)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { KINDS } from "../../provider/kinds/registry";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import type { Organization } from "../support/organization";
import { buildOrganization } from "../support/organization";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack } from "../support/pulumi";

const LAUNCHER_DIR = path.join(REPO_ROOT, "provider", "plugin", "bin");
const PLUGINS = { providers: [{ name: "redpandacloud", path: LAUNCHER_DIR }] };

let t: TestEmulator;
let org: Organization;
let dir: string;
let stack: TestStack;

beforeAll(async () => {
  t = await startTestEmulator();
  org = await buildOrganization(t, "matrix");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-adopt-every-kind-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({ name: "adopt-yaml", runtime: "yaml", plugins: PLUGINS }),
  );
  const resources = org.made.map((m) => ({
    type: `redpandacloud:index:${m.kind}`,
    name: m.name,
    id: m.id,
  }));
  fs.writeFileSync(path.join(dir, "import.json"), JSON.stringify({ resources }));
  stack = await openTestStack({
    workDir: dir,
    config: {
      "redpandacloud:apiUrl": t.emu.url,
      "redpandacloud:accessToken": { value: TOKEN, secret: true },
    },
    env: languageHosts(["yaml"]).env,
  });
});

afterAll(async () => {
  try {
    await stack?.dispose();
  } finally {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
  expectAllResponsesValid(t, "adopt-every-kind");
});

it("imports one object of every kind into a YAML program that previews clean", async () => {
  expect(org.made.map((m) => m.kind).sort()).toEqual(
    Object.values(KINDS)
      .map((k) => k.type)
      .sort(),
  );
  const world = () => JSON.stringify(t.emu.world());
  const before = world();
  const started = Date.now();
  const run = stack.startCli([
    "import",
    "--file",
    "import.json",
    "--out",
    "imported.yaml",
    "--yes",
    "--protect=false",
  ]);
  const { code, output } = await run.exited;
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("= 24 imported") });
  expect(output).not.toContain("warning");
  process.stdout.write(`pulumi import of 24 kinds (YAML): ${(Date.now() - started) / 1000} s\n`);
  const generated = parse(fs.readFileSync(path.join(dir, "imported.yaml"), "utf8")) as {
    resources: Record<string, { type: string; properties: Record<string, unknown> }>;
  };
  expect(Object.keys(generated.resources).sort()).toEqual(org.made.map((m) => m.name).sort());
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({
      name: "adopt-yaml",
      runtime: "yaml",
      plugins: PLUGINS,
      resources: generated.resources,
    }),
  );
  expect((await stack.preview()).changes).toEqual({ same: 24 });
  expect(world()).toBe(before);
});
