#!/usr/bin/env node
/**
 * `redpanda-cloud-install-plugin [--pulumi PATH]`: puts the provider plugin of this package's
 * version into the user's Pulumi plugin cache (`pulumi plugin install resource redpandacloud
 * <version> --file <tgz>`), so Python, Go and YAML programs find it with no `plugins:` entry in
 * Pulumi.yaml. The archive holds one launcher that runs this installed package's plugin: the
 * plugin is the package, not a copy of it, so `npm update` of the package (and a re-run of this
 * command for a new version) is the whole upgrade.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { PACKAGE } from "./config";

/** The package root: dist/provider/plugin/install.js is three folders below it. */
const PACKAGE_ROOT = path.resolve(__dirname, "..", "..", "..");
const LAUNCHER = path.join(PACKAGE_ROOT, "provider", "plugin", "bin", `pulumi-resource-${PACKAGE}`);

/** The launcher placed in the plugin cache: it runs the installed package's own launcher. */
export function cacheLauncher(target: string): string {
  return [
    "#!/usr/bin/env bash",
    `# Installed by redpanda-cloud-install-plugin: runs the ${PACKAGE} plugin of the package at`,
    `# ${path.dirname(path.dirname(path.dirname(target)))}.`,
    `exec ${JSON.stringify(target)} "$@"`,
    "",
  ].join("\n");
}

/** Writes the plugin archive for `version` into `dir`; returns its path. */
export function writePluginArchive(dir: string, launcher = LAUNCHER): string {
  const staging = fs.mkdtempSync(path.join(dir, "plugin-"));
  const file = path.join(staging, `pulumi-resource-${PACKAGE}`);
  fs.writeFileSync(file, cacheLauncher(launcher), { mode: 0o755 });
  const archive = path.join(dir, `pulumi-resource-${PACKAGE}.tgz`);
  execFileSync("tar", ["-czf", archive, "-C", staging, `pulumi-resource-${PACKAGE}`]);
  return archive;
}

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      pulumi: { type: "string", default: "pulumi" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log("usage: redpanda-cloud-install-plugin [--pulumi PATH_TO_PULUMI_CLI]");
    return 0;
  }
  if (!fs.existsSync(path.join(PACKAGE_ROOT, "dist", "provider", "plugin", "main.js"))) {
    console.error(`redpanda-cloud-install-plugin: no built plugin under ${PACKAGE_ROOT}/dist`);
    return 1;
  }
  const { version } = JSON.parse(
    fs.readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8"),
  ) as { version: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "redpandacloud-plugin-"));
  try {
    const archive = writePluginArchive(dir);
    execFileSync(
      values.pulumi!,
      ["plugin", "install", "resource", PACKAGE, version, "--file", archive, "--reinstall"],
      { stdio: "inherit" },
    );
    console.log(`installed the ${PACKAGE} plugin v${version} (runs ${LAUNCHER})`);
    return 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
