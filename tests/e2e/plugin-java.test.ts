// A Java program on the plugin's Java SDK installed as a user would, from the release's artifacts
// only (support/plugin-sdk-program.ts): the jar and pom from the release's Maven repository (a
// `file://` repository in the program's pom.xml; com.pulumi:pulumi from Maven Central, through the
// local repository scripts/language-hosts.sh fills, Maven offline), the plugin by `pulumi plugin
// install --file`; through the real CLI and the Java language host (pulumi-java v1.12.0, which runs
// `mvn compile exec:java`), against the emulator: a lookup (getRegion) and a resource group,
// network, Dedicated cluster, topic and SCRAM user — up, no-change preview, an in-place update of
// the topic's retention, `pulumi import` of a topic made out of band (then no changes), destroy;
// the password never in plaintext in the backend (support/sdk-scenario.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { SdkProgram } from "../support/plugin-sdk-program";
import { languageHosts } from "../support/language-hosts";
import { filesNaming, openSdkProgram } from "../support/plugin-sdk-program";
import { REPO_ROOT } from "../support/pulumi";
import { upUpdateImportDestroy } from "../support/sdk-scenario";
import { sdkInLocalRepository } from "../support/user-installs";

const PASSWORD = "java-sdk-password-1e8d";

let p: SdkProgram;

beforeAll(async () => {
  p = await openSdkProgram("java", PASSWORD);
});

afterAll(async () => {
  await p?.dispose("plugin-java");
});

it("the program's pom depends on the released jar from the release's folder, nothing names the repository", () => {
  const pom = fs.readFileSync(path.join(p.dir, "pom.xml"), "utf8");
  expect(pom).toContain(`<url>file://${path.join(p.rel.dir, "java")}</url>`);
  expect(pom).toMatch(
    new RegExp(`<artifactId>redpandacloud</artifactId>\\s*<version>${p.rel.version}</version>`),
  );
  expect(filesNaming(p.dir, REPO_ROOT)).toEqual([]);
});

it("up, no-change preview, in-place update, import, destroy", async () => {
  await upUpdateImportDestroy(p, { group: "java-e2e", user: "java-app" }, PASSWORD);
});

it("Maven ran the released jar (the local repository's copy is the release's)", () => {
  const pom = p.rel.file("java", /\.pom$/);
  const repository = languageHosts(["java"]).mavenRepository!;
  const jar = path.basename(pom).replace(/\.pom$/, ".jar");
  const used = fs.readFileSync(
    path.join(sdkInLocalRepository(repository, fs.readFileSync(pom, "utf8")), jar),
  );
  expect(used.equals(fs.readFileSync(path.join(path.dirname(pom), jar)))).toBe(true);
});
