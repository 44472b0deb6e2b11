// The npm route to the plugin, as a user takes it: this package installed from its tarball (the
// release's `dynamic` step, what `npm install pulumi-redpanda-cloud` fetches) with @pulumi/pulumi in
// a folder outside the repository; its `redpanda-cloud-install-plugin` puts the plugin of the
// package's version into the Pulumi plugin cache, where `pulumi plugin ls` lists it and a YAML
// program in another folder (no node_modules, no `plugins:` entry) creates a resource through it.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, startTestEmulator } from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import { npmInstall, testedPulumiSdk } from "../support/plugin-sdk-program";
import { runProcess } from "../support/process";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack, pulumiToolchainRoot } from "../support/pulumi";
import type { Release } from "../support/release";
import { release } from "../support/release";

let rel: Release;
let t: TestEmulator;
let stack: TestStack;
let dir: string;
let installed: string;

beforeAll(async () => {
  const hosts = languageHosts(["yaml"]);
  rel = await release(["dynamic"]);
  installed = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-npm-install-"));
  fs.writeFileSync(path.join(installed, "package.json"), JSON.stringify({ private: true }));
  await npmInstall(installed, [
    rel.file("dynamic", /^pulumi-redpanda-cloud-.*\.tgz$/),
    `@pulumi/pulumi@${testedPulumiSdk()}`,
  ]);
  t = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-plugin-install-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    stringify({
      name: "plugin-install",
      runtime: "yaml",
      resources: {
        group: {
          type: "redpandacloud:index:ResourceGroup",
          properties: { name: "installed-plugin" },
        },
      },
      outputs: { groupId: "${group.id}" },
    }),
  );
  stack = await openTestStack({
    workDir: dir,
    config: {
      "redpandacloud:apiUrl": t.emu.url,
      "redpandacloud:accessToken": { value: TOKEN, secret: true },
    },
    env: hosts.env,
  });
});

afterAll(async () => {
  try {
    await stack?.dispose();
  } finally {
    await t?.close();
    for (const d of [dir, installed]) if (d) fs.rmSync(d, { recursive: true, force: true });
  }
});

it("installs the plugin of the package's version into the plugin cache, where programs find it", async () => {
  const pulumi = path.join(pulumiToolchainRoot(), "bin", "pulumi");
  const env = stack.cliEnv;
  const bin = path.join(installed, "node_modules", ".bin", "redpanda-cloud-install-plugin");
  const run = await runProcess(bin, ["--pulumi", pulumi], { cwd: installed, env });
  expect(run).toMatchObject({ code: 0 });
  expect(run.output).toContain(`installed the redpandacloud plugin v${rel.version}`);
  expect(run.output).not.toContain(REPO_ROOT);
  const ls = await runProcess(pulumi, ["plugin", "ls", "--json"], { cwd: dir, env });
  const listed = JSON.parse(ls.output) as { name: string; kind: string; version: string }[];
  expect(listed).toContainEqual(
    expect.objectContaining({ name: "redpandacloud", kind: "resource", version: rel.version }),
  );

  const up = await stack.up();
  expect(up.changes).toEqual({ create: 1 });
  const id = (up.outputs as { groupId: string }).groupId;
  expect(t.emu.world().resourceGroups[id]?.name).toBe("installed-plugin");
  await stack.destroy();
});
