// A Python program on the plugin's Python SDK installed as a user would, from the release's
// artifacts only (support/plugin-sdk-program.ts): the venv made by the guide's own Python lines
// (docs/plugin.md, where the README's languages table sends a Python user),
// run by bash as written (`python3 -m venv venv`, then `venv/bin/pip install` of the wheel, pulling
// `pulumi` pinned to the lane's CLI version), Pulumi.yaml naming it (`runtime.options.virtualenv:
// venv`) and nothing activating it; the plugin by `pulumi plugin install --file`; through the real
// CLI and the Python language host of scripts/language-hosts.sh, against the emulator: two lookups
// (get_region, get_throughput_tiers) and a resource group, network, Dedicated cluster, topic and
// SCRAM user — up, no-change preview, an in-place update of the topic's retention, `pulumi import`
// of a topic made out of band (then no changes), destroy; the password never in plaintext in the
// backend (support/sdk-scenario.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { SdkProgram } from "../support/plugin-sdk-program";
import { filesNaming, openSdkProgram } from "../support/plugin-sdk-program";
import { REPO_ROOT } from "../support/pulumi";
import { readmeCodeSection } from "../support/readme-steps";
import { PYTHON_LINES_DOC } from "../support/user-installs";
import { upUpdateImportDestroy } from "../support/sdk-scenario";

const PASSWORD = "python-sdk-password-9c3a";

let p: SdkProgram;

beforeAll(async () => {
  p = await openSdkProgram("python", PASSWORD);
});

afterAll(async () => {
  await p?.dispose("plugin-python");
});

it("the venv holds the released wheel and pulumi from PyPI, and nothing names the repository", () => {
  const lib = path.join(p.dir, "venv", "lib");
  const site = path.join(lib, fs.readdirSync(lib)[0]!, "site-packages");
  const installed = fs.readdirSync(site).filter((f) => f.endsWith(".dist-info"));
  expect(installed).toContain(`pulumi_redpandacloud-${p.rel.version}.dist-info`);
  expect(installed.some((f) => /^pulumi-3\.\d+\.\d+\.dist-info$/.test(f))).toBe(true);
  expect(fs.existsSync(path.join(site, "pulumi_redpandacloud", "pulumi-plugin.json"))).toBe(true);
  expect(filesNaming(p.dir, REPO_ROOT)).toEqual([]);
});

it("the venv comes from the guide's Python lines, which name the release's wheel", () => {
  const { body } = readmeCodeSection(
    fs.readFileSync(path.join(REPO_ROOT, PYTHON_LINES_DOC), "utf8"),
    "Python",
  );
  expect(body).toMatch(/^python3 -m venv venv$/m);
  expect(body).toContain(
    `venv/bin/pip install $R/python/${path.basename(p.rel.file("python", /\.whl$/))}`,
  );
  expect(body).not.toMatch(/activate|VIRTUAL_ENV/);
  expect(fs.readFileSync(path.join(p.dir, "Pulumi.yaml"), "utf8")).toMatch(
    /^    virtualenv: venv$/m,
  );
  expect(p.stack.cliEnv.VIRTUAL_ENV).toBeUndefined();
  expect(p.stack.cliEnv.PATH).not.toContain(p.dir);
});

it("up, no-change preview, in-place update, import, destroy", async () => {
  await upUpdateImportDestroy(
    p,
    {
      group: "py-e2e",
      user: "py-app",
      checkOutputs: (outputs) => {
        expect(outputs.tierCount).toBeGreaterThan(0);
        // The venv's Python ran the program, though nothing activated it.
        expect(fs.realpathSync(outputs.python as string)).toBe(
          fs.realpathSync(path.join(p.dir, "venv")),
        );
      },
    },
    PASSWORD,
  );
});
