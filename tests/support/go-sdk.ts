/**
 * The release's Go SDK for a test module, as its files: the module zip of the release's GOPROXY
 * folder, extracted and required through a `replace`. Not through `go get` from that folder: the
 * SDK's version stays the same while its content changes (v0.1.0 until a release), and Go keeps a
 * module version it fetched once in its module cache — and an index of its files in the build
 * cache — and never looks again, so a machine that ran the tests before would compile against an
 * older build (a new resource missing). A replaced directory is read as it is, every time. A test
 * that installs the SDK as a user does (`go get` from the release's GOPROXY folder) first forgets
 * the cached copy of that one version and runs Go without its module index instead.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runProcess } from "./process";

/** The Go SDK's module path. */
export const GO_SDK_MODULE = "github.com/redpanda-cloud-pulumi/pulumi-redpanda-cloud/sdk/go";

async function must(args: string[], cwd: string, env: Record<string, string> = {}) {
  const [command, ...rest] = args;
  const { code, output } = await runProcess(command!, rest, { cwd, env });
  if (code !== 0) throw new Error(`${args.join(" ")} exited with ${code}:\n${output}`);
  return output;
}

/**
 * Makes the Go module in `dir` require the release's SDK (`releaseDir`'s GOPROXY folder `go/`,
 * version `version`) from its extracted files; `go mod tidy` then fetches what it needs.
 */
export async function requireReleaseGoSdk(
  releaseDir: string,
  version: string,
  dir: string,
): Promise<void> {
  const zip = path.join(releaseDir, "go", GO_SDK_MODULE, "@v", `v${version}.zip`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-go-sdk-"));
  await must(["unzip", "-q", zip, "-d", out], out);
  const moduleDir = path.join(out, `${GO_SDK_MODULE}@v${version}`);
  await must(
    [
      "go",
      "mod",
      "edit",
      `-require=${GO_SDK_MODULE}@v${version}`,
      `-replace=${GO_SDK_MODULE}=${moduleDir}`,
    ],
    dir,
  );
}

/** Go's module index off: it would list the files of a module version removed and fetched again. */
export const NO_MODULE_INDEX = { GODEBUG: "goindex=0" };

/** Makes a read-only tree writable (the module cache's files are read-only), then removes it. */
function removeTree(target: string): void {
  if (!fs.existsSync(target)) return;
  const writable = (p: string) => {
    fs.chmodSync(p, 0o755);
    if (fs.statSync(p).isDirectory()) for (const e of fs.readdirSync(p)) writable(path.join(p, e));
  };
  writable(target);
  fs.rmSync(target, { recursive: true, force: true });
}

/**
 * Forgets the module cache's copy of the SDK at `version` (its extracted tree and its download),
 * so the next `go get` fetches the release's; nothing else of the machine's cache is touched. The
 * SDK's module path has no capital letters, so the cache spells it as it is.
 */
export async function forgetCachedGoSdk(version: string, cwd: string): Promise<void> {
  const cache = (await must(["go", "env", "GOMODCACHE"], cwd)).trim();
  if (!cache) return;
  removeTree(path.join(cache, `${GO_SDK_MODULE}@v${version}`));
  const downloads = path.join(cache, "cache", "download", GO_SDK_MODULE, "@v");
  if (!fs.existsSync(downloads)) return;
  for (const file of fs.readdirSync(downloads)) {
    if (file.startsWith(`v${version}.`)) fs.rmSync(path.join(downloads, file), { force: true });
  }
}
