// A Go program on the plugin's Go SDK installed as a user would, from the release's artifacts only
// (support/plugin-sdk-program.ts): the module by `go get` from the release's GOPROXY folder (no
// `replace`), the plugin by `pulumi plugin install --file`; through the real CLI and the Go language
// host of scripts/language-hosts.sh, against the emulator: a lookup (getRegion) and a resource
// group, network, Dedicated cluster, topic and SCRAM user — up, no-change preview, an in-place
// update of the topic's retention, `pulumi import` of a topic made out of band (then no changes),
// destroy; the password never in plaintext in the backend (support/sdk-scenario.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { SdkProgram } from "../support/plugin-sdk-program";
import { GO_SDK_MODULE, openSdkProgram } from "../support/plugin-sdk-program";
import { REPO_ROOT } from "../support/pulumi";
import { upUpdateImportDestroy } from "../support/sdk-scenario";

const PASSWORD = "go-sdk-password-4b2e";

let p: SdkProgram;

beforeAll(async () => {
  p = await openSdkProgram("go", PASSWORD);
});

afterAll(async () => {
  await p?.dispose("plugin-go");
});

it("the program's folder requires the released module and names nothing in the repository", () => {
  const gomod = fs.readFileSync(path.join(p.dir, "go.mod"), "utf8");
  expect(gomod).toContain(`${GO_SDK_MODULE} v${p.rel.version}`);
  expect(gomod).not.toMatch(/^replace /m);
  for (const file of fs.readdirSync(p.dir)) {
    expect(fs.readFileSync(path.join(p.dir, file), "utf8")).not.toContain(REPO_ROOT);
  }
});

it("up, no-change preview, in-place update, import, destroy", async () => {
  await upUpdateImportDestroy(p, { group: "go-e2e", user: "go-app" }, PASSWORD);
});
