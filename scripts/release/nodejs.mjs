// Release step `nodejs` (contract: scripts/release/README.md): the plugin's Node.js SDK
// (sdk/nodejs, `@pulumi-redpanda-cloud/redpandacloud`) as an npm tarball, compiled with this
// repository's TypeScript as Pulumi's SDKs are (tsc into bin/, package.json and README beside it)
// and packed from there: `npm install <tgz> @pulumi/pulumi` in a program. Its package.json's
// `pulumi` block names the plugin and this version. (This package itself: step `dynamic`.)
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const [repo, version, out] = process.argv.slice(2);
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

function pluginSdk() {
  const src = path.join(repo, "sdk", "nodejs");
  const pkg = JSON.parse(fs.readFileSync(path.join(src, "package.json"), "utf8"));
  if (pkg.version !== version || pkg.pulumi?.version !== version) {
    throw new Error(`sdk/nodejs is version ${pkg.version}, not ${version}: run npm run sdk`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "release-nodejs-"));
  try {
    fs.cpSync(src, scratch, { recursive: true });
    // Types of @pulumi/pulumi and Node from this repository's install, for the compile only.
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(scratch, "node_modules"), "dir");
    run(process.execPath, [path.join(repo, "node_modules", "typescript", "bin", "tsc")], scratch);
    const bin = path.join(scratch, "bin");
    for (const f of ["package.json", "README.md"])
      fs.copyFileSync(path.join(src, f), path.join(bin, f));
    const [report] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", out], bin));
    return report.filename;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

process.stdout.write(`${pluginSdk()}\n`);
