// Release step `dynamic` (contract: scripts/release/README.md): this package, the dynamic
// providers and the emulator, as `npm pack` makes it (its prepack builds dist/ first):
// pulumi-redpanda-cloud-<version>.tgz, what `npm install pulumi-redpanda-cloud` will fetch.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const [repo, version, out] = process.argv.slice(2);
const { version: declared } = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8"));
if (declared !== version) throw new Error(`package.json is ${declared}, not ${version}`);
const [report] = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", out], {
    cwd: repo,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }),
);
process.stdout.write(`${report.filename}\n`);
