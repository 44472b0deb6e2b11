// A Node.js program on the plugin's Node.js SDK installed as a user would, from the release's
// artifacts only (support/plugin-sdk-program.ts): `npm install <the SDK's tarball> @pulumi/pulumi`,
// the plugin by `pulumi plugin install --file`; through the real CLI and the Node.js language host,
// against the emulator: a lookup (getRegion) and a resource group, network, Dedicated cluster, topic
// and SCRAM user — up, no-change preview, an in-place update of the topic's retention,
// `pulumi import` of a topic made out of band (then no changes), destroy; the password never in
// plaintext in the backend (support/sdk-scenario.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { SdkProgram } from "../support/plugin-sdk-program";
import { NODEJS_SDK_PACKAGE, openSdkProgram } from "../support/plugin-sdk-program";
import { REPO_ROOT } from "../support/pulumi";
import { upUpdateImportDestroy } from "../support/sdk-scenario";

const PASSWORD = "nodejs-sdk-password-2f8a";

let p: SdkProgram;

beforeAll(async () => {
  p = await openSdkProgram("nodejs", PASSWORD);
});

afterAll(async () => {
  await p?.dispose("plugin-nodejs");
});

it("the SDK installed from its tarball, at the release's version, names nothing in the repository", () => {
  const installed = JSON.parse(
    fs.readFileSync(path.join(p.dir, "node_modules", NODEJS_SDK_PACKAGE, "package.json"), "utf8"),
  ) as { version: string; pulumi: { name: string; version: string } };
  expect(installed.version).toBe(p.rel.version);
  expect(installed.pulumi).toMatchObject({ name: "redpandacloud", version: p.rel.version });
  expect(fs.lstatSync(path.join(p.dir, "node_modules")).isSymbolicLink()).toBe(false);
  for (const file of ["package.json", "Pulumi.yaml", "index.js"]) {
    expect(fs.readFileSync(path.join(p.dir, file), "utf8")).not.toContain(REPO_ROOT);
  }
});

it("up, no-change preview, in-place update, import, destroy", async () => {
  await upUpdateImportDestroy(p, { group: "nodejs-e2e", user: "nodejs-app" }, PASSWORD);
});
