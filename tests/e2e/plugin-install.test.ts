// The one install command (`redpanda-cloud-install-plugin`): it puts the plugin of the package's
// version into the Pulumi plugin cache, where `pulumi plugin ls` lists it and a YAML program with no
// `plugins:` entry in its Pulumi.yaml finds it and creates a resource through it.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, startTestEmulator } from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import type { TestStack } from "../support/pulumi";
import { REPO_ROOT, openTestStack, pulumiToolchainRoot } from "../support/pulumi";

const VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }
).version;

let t: TestEmulator;
let stack: TestStack;
let dir: string;

beforeAll(async () => {
  const hosts = languageHosts(["yaml"]);
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
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("installs the plugin of the package's version into the plugin cache, where programs find it", async () => {
  const pulumi = path.join(pulumiToolchainRoot(), "bin", "pulumi");
  const env = { ...process.env, ...stack.cliEnv };
  const installed = execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, "dist", "provider", "plugin", "install.js"), "--pulumi", pulumi],
    { env, encoding: "utf8" },
  );
  expect(installed).toContain(`installed the redpandacloud plugin v${VERSION}`);
  const listed = JSON.parse(
    execFileSync(pulumi, ["plugin", "ls", "--json"], { env, encoding: "utf8" }),
  ) as { name: string; kind: string; version: string }[];
  expect(listed).toContainEqual(
    expect.objectContaining({ name: "redpandacloud", kind: "resource", version: VERSION }),
  );

  const up = await stack.up();
  expect(up.changes).toEqual({ create: 1 });
  const id = (up.outputs as { groupId: string }).groupId;
  expect(t.emu.world().resourceGroups[id]?.name).toBe("installed-plugin");
  await stack.destroy();
});
