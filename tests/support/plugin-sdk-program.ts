/**
 * A Go or Python program on the plugin's generated SDK (sdk/go, sdk/python), copied from
 * support/fixtures/plugin-<language>/ into a temp project that loads the plugin from the repo's
 * launcher (provider/plugin/bin) and talks to an emulator of its own. The program declares a
 * resource group, a network, a Dedicated cluster, and on it the topic `orders` (retention from
 * `e2e:retention`) and a SCRAM user whose password is the secret `e2e:password`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { TestEmulator } from "./emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "./emulator";
import type { HostLanguage } from "./language-hosts";
import { languageHosts } from "./language-hosts";
import type { TestStack } from "./pulumi";
import { REPO_ROOT, openTestStack } from "./pulumi";

const LAUNCHER_DIR = path.join(REPO_ROOT, "provider", "plugin", "bin");
const FIXTURES = path.join(REPO_ROOT, "tests", "support", "fixtures");
/** The Go SDK's module path (sdk/go/go.mod), replaced by the checked-in folder. */
const GO_SDK_MODULE = "github.com/redpanda-cloud-pulumi/pulumi-redpanda-cloud/sdk/go";

export interface SdkProgram {
  t: TestEmulator;
  stack: TestStack;
  dir: string;
  /** Sets `e2e:<key>` in the stack config. */
  set(key: string, value: string): Promise<void>;
  /** The topic's `retention.ms` as the emulator's data plane reports it. */
  retention(dataplaneApiUrl: string): Promise<string | undefined>;
  /** The names of the resource groups the emulator holds. */
  groups(): Promise<string[]>;
  dispose(label: string): Promise<void>;
}

/**
 * The generated Python package as `pip install` would leave it, without pip (no PyPI here): a
 * folder with the package (a link to sdk/python's) and its `.dist-info` metadata, from which the
 * SDK reads its own version (importlib.metadata) to ask the engine for the plugin of that version.
 */
function installedPythonSdk(dir: string): string {
  const site = path.join(dir, ".sdk-site");
  const pyproject = fs.readFileSync(
    path.join(REPO_ROOT, "sdk", "python", "pyproject.toml"),
    "utf8",
  );
  const name = /^\s*name = "([^"]+)"/m.exec(pyproject)?.[1];
  const version = /^\s*version = "([^"]+)"/m.exec(pyproject)?.[1];
  if (!name || !version) throw new Error("sdk/python/pyproject.toml lacks a name or version");
  const info = path.join(site, `${name}-${version}.dist-info`);
  fs.mkdirSync(info, { recursive: true });
  fs.writeFileSync(
    path.join(info, "METADATA"),
    `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`,
  );
  fs.symlinkSync(path.join(REPO_ROOT, "sdk", "python", name), path.join(site, name));
  return site;
}

export async function openSdkProgram(
  language: Extract<HostLanguage, "go" | "python">,
  password: string,
): Promise<SdkProgram> {
  const hosts = languageHosts([language]);
  const t = await startTestEmulator();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-plugin-${language}-`));
  fs.cpSync(path.join(FIXTURES, `plugin-${language}`), dir, { recursive: true });
  const name = `plugin-${language}`;
  const env: Record<string, string> = { ...hosts.env };
  if (language === "go") {
    // The program builds against the checked-in SDK; modules come from the module cache or proxy.
    fs.appendFileSync(
      path.join(dir, "go.mod"),
      `\nreplace ${GO_SDK_MODULE} => ${path.join(REPO_ROOT, "sdk", "go")}\n`,
    );
    env.GOFLAGS = "-mod=mod";
  } else {
    const site = installedPythonSdk(dir);
    env.PYTHONPATH = env.PYTHONPATH ? `${site}${path.delimiter}${env.PYTHONPATH}` : site;
    // The package is the checked-in folder: no __pycache__ inside it (the SDK drift check).
    env.PYTHONDONTWRITEBYTECODE = "1";
  }
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    [
      `name: ${name}`,
      `runtime: ${language}`,
      "plugins:",
      "  providers:",
      "    - name: redpandacloud",
      `      path: ${LAUNCHER_DIR}`,
      "",
    ].join("\n"),
  );
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
  return {
    t,
    stack,
    dir,
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
