// Every kind imports clean, through the real CLI (issue 37; the table in docs/adopt.md): one
// object of each of the 24 kinds, made out of band through the emulator's REST API
// (support/organization.ts), is found by `redpanda-cloud-discover` (the built bin), which writes
// each one's documented import id and nothing else (Redpanda's own objects left out, GET requests
// only); one `pulumi import --file` of that file into a YAML program imports all 24; the generated
// code, as the program, previews with nothing to create, update, replace or delete, and nothing in
// the emulator changes; an in-place change to an imported topic then reaches the API. (The Go,
// Python and Node.js hosts built here do not generate code: docs/adopt.md, "Every kind".)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import type { ImportFile } from "../../provider/migrate/types";
import { KINDS } from "../../provider/kinds/registry";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import type { Made, Organization } from "../support/organization";
import { buildOrganization } from "../support/organization";
import { runProcess } from "../support/process";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack } from "../support/pulumi";

const LAUNCHER_DIR = path.join(REPO_ROOT, "provider", "plugin", "bin");
const PLUGINS = { providers: [{ name: "redpandacloud", path: LAUNCHER_DIR }] };
const DISCOVER = path.join(REPO_ROOT, "dist", "provider", "discover", "cli.js");

type Program = {
  resources: Record<string, { type: string; properties: Record<string, unknown> }>;
};

let t: TestEmulator;
let org: Organization;
let dir: string;
let stack: TestStack;
let program: Program;
let discovered: ImportFile;

/**
 * Whether discovery's id names the object made: the same id, or with the Kafka Connect cluster
 * (`redpanda`), optional in the documented form of a connector's and its secret's, written out.
 */
const sameObject = (m: Made, id: string): boolean =>
  id === m.id || id === m.id.replace(/^([^/]+)\//, "$1/redpanda/");

const writeProgram = (resources: Program["resources"]) =>
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({ name: "adopt-yaml", runtime: "yaml", plugins: PLUGINS, resources }),
  );

beforeAll(async () => {
  t = await startTestEmulator();
  org = await buildOrganization(t, "matrix");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-adopt-every-kind-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({ name: "adopt-yaml", runtime: "yaml", plugins: PLUGINS }),
  );
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

it("discovers the 24 objects by their documented ids, with GET requests only", async () => {
  expect(org.made.map((m) => m.kind).sort()).toEqual(
    Object.values(KINDS)
      .map((k) => k.type)
      .sort(),
  );
  await t.admin("DELETE", "/_admin/requests");
  const started = Date.now();
  const run = await runProcess(process.execPath, [DISCOVER, "--out", "import.json"], {
    cwd: dir,
    env: { REDPANDA_API_URL: t.emu.url, REDPANDA_ACCESS_TOKEN: TOKEN },
  });
  process.stdout.write(`redpanda-cloud-discover of 24 kinds: ${(Date.now() - started) / 1000} s\n`);
  expect({ code: run.code, stderr: run.stderr }).toEqual({
    code: 0,
    stderr: expect.stringContaining(`Cluster "matrix-cluster" (${org.clusterId}): `),
  });
  // Built-in organization roles and the registry's `_schemas` topic, at least, were left out.
  expect(run.stderr).toMatch(/left out \d+ internal objects/);
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: { method: string }[] };
  expect(new Set(log.entries.map((e) => e.method))).toEqual(new Set(["GET"]));

  discovered = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as ImportFile;
  const unmatched = [...discovered.resources];
  const missing = org.made.filter((m) => {
    const at = unmatched.findIndex(
      (r) => r.type === `redpandacloud:index:${m.kind}` && sameObject(m, r.id),
    );
    if (at >= 0) unmatched.splice(at, 1);
    return at < 0;
  });
  expect({ missing, unmatched }).toEqual({ missing: [], unmatched: [] });
});

it("imports them with one pulumi import --file into a YAML program that previews clean", async () => {
  const world = () => JSON.stringify(t.emu.world());
  const before = world();
  await t.admin("DELETE", "/_admin/requests");
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
  // The plugin looks the cluster up once per process, not once for each of the 12 objects on it
  // (the import's preview and its update each read everything: 6 GETs with the Cluster's own).
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: { route: string }[] };
  expect(log.entries.filter((e) => e.route === "/v1/clusters/:id").length).toBeLessThan(12);
  program = parse(fs.readFileSync(path.join(dir, "imported.yaml"), "utf8")) as Program;
  expect(Object.keys(program.resources).sort()).toEqual(
    discovered.resources.map((r) => r.name).sort(),
  );
  writeProgram(program.resources);
  expect((await stack.preview()).changes).toEqual({ same: 24 });
  expect(world()).toBe(before);
});

it("applies an in-place change to an imported topic, which the API then shows", async () => {
  const { name } = discovered.resources.find((r) => r.type === "redpandacloud:index:Topic")!;
  const topic = program.resources[name]!;
  topic.properties.configs = {
    ...(topic.properties.configs as Record<string, string> | undefined),
    "retention.ms": "3600000",
  };
  writeProgram(program.resources);
  const up = await stack.up();
  expect([name, up.changes]).toEqual([name, { update: 1, same: 23 }]);
  const configs = (
    await t.call("GET", `${org.dataplaneApiUrl}/v1/topics/${topic.properties.name}/configurations`)
  ).body.configurations as { name: string; value: string }[];
  expect(configs).toContainEqual(
    expect.objectContaining({ name: "retention.ms", value: "3600000" }),
  );
});
