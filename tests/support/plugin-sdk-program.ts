/**
 * A program on one of the plugin's generated SDKs, installed as a user installs it, from the
 * release's artifacts (support/release.ts) and nothing in this repository: the program is copied
 * from support/fixtures/plugin-<language>/ into a temp folder, the plugin is installed from its
 * archive (`pulumi plugin install --file`, no `plugins:` path in Pulumi.yaml), and the SDK comes
 * from its artifact — Go by `go get` from the release's GOPROXY folder (no `replace`), Node.js by
 * `npm install` of its tarball, Python by the guide's Python lines (a venv, `pip install` of the
 * wheel; not activated), Java by Maven from the release's Maven repository
 * (support/user-installs.ts). The program declares a resource group, a network, a Dedicated
 * cluster, and on it the topic `orders` (retention from `e2e:retention`) and a SCRAM user whose
 * password is the secret `e2e:password`; it talks to an emulator of its own.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { TestEmulator } from "./emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "./emulator";
import { GO_SDK_MODULE, NO_MODULE_INDEX, forgetCachedGoSdk } from "./go-sdk";
import { languageHosts } from "./language-hosts";
import { runProcess } from "./process";
import type { TestStack } from "./pulumi";
import { REPO_ROOT, openTestStack } from "./pulumi";
import type { Release } from "./release";
import { installPlugin, release } from "./release";
import { mavenProject, pythonVenvAsReadme } from "./user-installs";

const FIXTURES = path.join(REPO_ROOT, "tests", "support", "fixtures");
/** The Go SDK's module path (sdk/go/go.mod), as published. */
export { GO_SDK_MODULE };
/** The Node.js SDK's package name (sdk/nodejs/package.json). */
export const NODEJS_SDK_PACKAGE = "@pulumi-redpanda-cloud/redpandacloud";

export type SdkLanguage = "go" | "python" | "nodejs" | "java";

export interface SdkProgram {
  t: TestEmulator;
  stack: TestStack;
  dir: string;
  rel: Release;
  /** Sets `e2e:<key>` in the stack config. */
  set(key: string, value: string): Promise<void>;
  /** The topic's `retention.ms` as the emulator's data plane reports it. */
  retention(dataplaneApiUrl: string): Promise<string | undefined>;
  /** The names of the resource groups the emulator holds. */
  groups(): Promise<string[]>;
  dispose(label: string): Promise<void>;
}

async function must(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const { code, output } = await runProcess(command, args, { cwd, env });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  return output;
}

/**
 * The Go SDK from the release's file-based GOPROXY, as a user installs it, other modules from the
 * machine's proxy; the checksum database does not know an unpublished module, so it is exempt
 * (GONOSUMDB). The module cache's copy of the same version is forgotten first and Go runs without
 * its module index (support/go-sdk.ts says why).
 */
async function goSdk(rel: Release, dir: string): Promise<Record<string, string>> {
  const machineProxy = (await must("go", ["env", "GOPROXY"], dir, {})).trim();
  const env = {
    GOPROXY: `file://${path.join(rel.dir, "go")},${machineProxy}`,
    GONOSUMDB: GO_SDK_MODULE,
    ...NO_MODULE_INDEX,
  };
  await forgetCachedGoSdk(rel.version, dir);
  await must("go", ["get", `${GO_SDK_MODULE}@v${rel.version}`], dir, env);
  return env;
}

/** The `@pulumi/pulumi` version this lane tests (the repository's install of it). */
export function testedPulumiSdk(): string {
  const file = path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/**
 * `npm install <specs>` in `dir` as a user runs it: without the npm_* settings an `npm test` of
 * this repository puts in the environment, from the npm cache when it holds the packages.
 */
export async function npmInstall(dir: string, specs: string[]): Promise<void> {
  const env: Record<string, string | undefined> = { INIT_CWD: undefined };
  for (const key of Object.keys(process.env)) {
    if (key.toLowerCase().startsWith("npm_") && key !== "npm_config_cache") env[key] = undefined;
  }
  const args = ["install", "--no-audit", "--no-fund", "--prefer-offline", ...specs];
  const { code, output } = await runProcess("npm", args, { cwd: dir, env });
  if (code !== 0) throw new Error(`npm ${args.join(" ")} exited with ${code}:\n${output}`);
}

/** The Node.js SDK from its tarball, with the `@pulumi/pulumi` this lane tests. */
async function nodejsSdk(rel: Release, dir: string): Promise<Record<string, string>> {
  const sdk = rel.file("nodejs", /^pulumi-redpanda-cloud-redpandacloud-.*\.tgz$/);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "plugin-nodejs-e2e",
      private: true,
      main: "index.js",
      allowScripts: { protobufjs: false },
    }),
  );
  await npmInstall(dir, [sdk, `@pulumi/pulumi@${testedPulumiSdk()}`]);
  return {};
}

/**
 * The files under `dir` (recursively: the venv, Maven's target/ included) whose bytes contain
 * `text`, relative to `dir`: a program installed from artifacts names no path of the repository.
 */
export function filesNaming(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && fs.readFileSync(full).includes(needle)) {
        found.push(path.relative(dir, full));
      }
    }
  };
  walk(dir);
  return found;
}

/** Installs the language's SDK into the program folder; the environment the CLI needs for it. */
async function installSdk(language: SdkLanguage, rel: Release, dir: string) {
  if (language === "go") return { ...languageHosts(["go"]).env, ...(await goSdk(rel, dir)) };
  if (language === "nodejs") return nodejsSdk(rel, dir);
  if (language === "python") {
    const hosts = languageHosts(["python"]);
    await pythonVenvAsReadme(dir, hosts, rel);
    return hosts.env;
  }
  mavenProject(dir, languageHosts(["java"]), rel, "myproject.App");
  return {};
}

/**
 * Pulumi.yaml's runtime. Python: the venv the program's packages are in, as the guide's Python
 * lines say; the host runs the program with its Python, nothing activates it.
 */
function runtime(language: SdkLanguage): string {
  if (language !== "python") return `runtime: ${language}`;
  return ["runtime:", "  name: python", "  options:", "    virtualenv: venv"].join("\n");
}

export async function openSdkProgram(language: SdkLanguage, password: string): Promise<SdkProgram> {
  const rel = await release(["plugin", language]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-plugin-${language}-`));
  fs.cpSync(path.join(FIXTURES, `plugin-${language}`), dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: plugin-${language}\n${runtime(language)}\n`,
  );
  const env = await installSdk(language, rel, dir);
  const t = await startTestEmulator();
  const stack = await openTestStack({
    workDir: dir,
    config: {
      "redpandacloud:apiUrl": t.emu.url,
      "redpandacloud:accessToken": { value: TOKEN, secret: true },
      "redpandacloud:allowDeletion": "true",
      "e2e:password": { value: password, secret: true },
    },
    env,
  });
  await installPlugin(rel, stack.cliEnv);
  return {
    t,
    stack,
    dir,
    rel,
    set: (key, value) => stack.stack.setConfig(`e2e:${key}`, { value, secret: false }),
    async retention(dataplaneApiUrl) {
      const configs = (await t.call("GET", `${dataplaneApiUrl}/v1/topics/orders/configurations`))
        .body.configurations as { name: string; value: string }[];
      return configs.find((c) => c.name === "retention.ms")?.value;
    },
    async groups() {
      const body = (await t.call("GET", "/v1/resource-groups")).body as {
        resource_groups: { name: string }[];
      };
      return body.resource_groups.map((g) => g.name);
    },
    async dispose(label) {
      try {
        await stack.dispose();
      } finally {
        await t.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
      expectAllResponsesValid(t, label);
    },
  };
}
