// Release step `dynamic` (contract: scripts/release/README.md): this package, the dynamic
// providers and the emulator, as `npm pack` makes it — pulumi-redpanda-cloud-<version>.tgz, what
// `npm install pulumi-redpanda-cloud` will fetch. Built in a copy, not in the repository: the
// sources the build and package.json's "files" name are copied to a temp folder, compiled there
// (tsconfig.build.json, as prepack's `npm run build`) and packed from there, so a test run reading
// the repository's dist/ never sees it rewritten.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const [repo, version, out] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8"));
if (pkg.version !== version) throw new Error(`package.json is ${pkg.version}, not ${version}`);
const build = JSON.parse(fs.readFileSync(path.join(repo, "tsconfig.build.json"), "utf8"));

/**
 * What to copy: the build's inputs and every "files" entry not built (a glob: its folder; a file:
 * with its folder's README, which npm packs beside it).
 */
function sources() {
  const paths = new Set(["package.json", "tsconfig.json", "tsconfig.build.json", ...build.include]);
  for (const name of ["README.md", "CHANGELOG.md", "LICENSE"]) paths.add(name);
  for (const entry of pkg.files) {
    if (entry.startsWith("dist/")) continue;
    if (/[*?[]/.test(entry)) paths.add(entry.split("/")[0]);
    else paths.add(entry).add(path.join(path.dirname(entry), "README.md"));
  }
  return [...paths].filter((p) => fs.existsSync(path.join(repo, p)));
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "release-dynamic-"));
try {
  for (const rel of sources()) {
    fs.cpSync(path.join(repo, rel), path.join(scratch, rel), { recursive: true });
  }
  // Types and compiler from this repository's install, for the build only (not packed).
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(scratch, "node_modules"), "dir");
  const tsc = path.join(repo, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: scratch,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [report] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], {
      cwd: scratch,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  process.stdout.write(`${report.filename}\n`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
