// Every kind imports clean, through the real CLI (issue 37; the table in docs/adopt.md): an
// object of each of the 25 kinds (and the second topic a transform writes to), made out of band
// through the emulator's REST API
// (support/organization.ts), and the 10 kinds a Serverless cluster holds made on one (issue 49:
// the Dedicated route refuses a Serverless id, support/cluster-objects.ts), are found by
// `redpanda-cloud-discover` (the built bin), which writes each one's documented import id and
// nothing else (Redpanda's own objects left out, GET requests only); one `pulumi import --file` of
// that file into a YAML program imports all 36; the generated code, as the program, previews with
// nothing to create, update, replace or delete, and nothing in the emulator changes; an in-place
// change to an imported topic on each cluster then reaches the API. (The Go, Python and Node.js
// hosts built here do not generate code: docs/adopt.md, "Every kind".)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import type { ImportFile } from "../../provider/migrate/types";
import { KINDS } from "../../provider/kinds/registry";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import type { LogEntry } from "../../emulator/control";
import type { Made } from "../support/cluster-objects";
import { serverlessObjects } from "../support/cluster-objects";
import type { Organization } from "../support/organization";
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
/** Every object made: the organization's 26, then the 10 on its Serverless cluster. */
let made: Made[];
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
  made = [...org.made, ...(await serverlessObjects(t, org.serverlessId))];
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

it("discovers the 36 objects by their documented ids, with GET requests only", async () => {
  expect(made).toHaveLength(36);
  expect([...new Set(org.made.map((m) => m.kind))].sort()).toEqual(
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
  process.stdout.write(
    `redpanda-cloud-discover of 36 objects: ${(Date.now() - started) / 1000} s\n`,
  );
  expect({ code: run.code, stderr: run.stderr }).toEqual({
    code: 0,
    stderr: expect.stringContaining(`Cluster "matrix-cluster" (${org.clusterId}): `),
  });
  expect(run.stderr).toMatch(
    new RegExp(`ServerlessCluster "matrix-sl" \\(${org.serverlessId}\\): .*1 Topic`),
  );
  // Built-in organization roles and the registry's `_schemas` topic, at least, were left out.
  expect(run.stderr).toMatch(/left out \d+ internal objects/);
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: { method: string }[] };
  expect(new Set(log.entries.map((e) => e.method))).toEqual(new Set(["GET"]));

  discovered = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as ImportFile;
  const unmatched = [...discovered.resources];
  const missing = made.filter((m) => {
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
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("= 36 imported") });
  expect(output).not.toContain("warning");
  process.stdout.write(`pulumi import of 36 objects (YAML): ${(Date.now() - started) / 1000} s\n`);
  // The plugin looks each cluster up once per process, not once for each of the objects on it (14
  // on the Dedicated cluster, 10 on the Serverless one; the import's preview and its update each
  // read everything: 6 GETs of the Dedicated one with the Cluster's own). The Serverless one is
  // asked of the Dedicated route first, which refuses it, then of its own.
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: LogEntry[] };
  const asked = (route: string, id: string) =>
    log.entries.filter((e) => e.route === route && e.path.endsWith(`/${id}`)).length;
  const lookups = {
    dedicated: asked("/v1/clusters/:id", org.clusterId),
    serverlessRefused: asked("/v1/clusters/:id", org.serverlessId),
    serverless: asked("/v1/serverless/clusters/:id", org.serverlessId),
  };
  process.stdout.write(`cluster GETs during the import: ${JSON.stringify(lookups)}\n`);
  expect(lookups.dedicated).toBeLessThan(12);
  // One refusal per pass (the preview, the update): no more once the Serverless route found it.
  expect([1, 2]).toContain(lookups.serverlessRefused);
  expect(lookups.serverless).toBeLessThan(10);
  program = parse(fs.readFileSync(path.join(dir, "imported.yaml"), "utf8")) as Program;
  expect(Object.keys(program.resources).sort()).toEqual(
    discovered.resources.map((r) => r.name).sort(),
  );
  writeProgram(program.resources);
  expect((await stack.preview()).changes).toEqual({ same: 36 });
  expect(world()).toBe(before);
});

it("applies an in-place change to an imported topic on each cluster, which the API then shows", async () => {
  const topics = discovered.resources.filter(
    (r) => r.type === "redpandacloud:index:Topic" && r.id.endsWith("/orders"),
  );
  expect(topics.map((r) => r.id.split("/")[0]).sort()).toEqual(
    [org.clusterId, org.serverlessId].sort(),
  );
  for (const { name } of topics) {
    const topic = program.resources[name]!;
    topic.properties.configs = {
      ...(topic.properties.configs as Record<string, string> | undefined),
      "retention.ms": "3600000",
    };
  }
  writeProgram(program.resources);
  const up = await stack.up();
  expect(up.changes).toEqual({ update: 2, same: 34 });
  for (const { name } of topics) {
    const { dataplaneApiUrl, name: topicName } = program.resources[name]!.properties;
    const configs = (
      await t.call(
        "GET",
        `${dataplaneApiUrl as string}/v1/topics/${topicName as string}/configurations`,
      )
    ).body.configurations as { name: string; value: string }[];
    expect([name, configs]).toEqual([
      name,
      expect.arrayContaining([expect.objectContaining({ name: "retention.ms", value: "3600000" })]),
    ]);
  }
});
