/**
 * The release's artifacts for e2e tests that install as a user would (`npm run release`'s
 * scripts/release/run.mjs). Built once per state of the sources the release reads, into a folder
 * outside the repository (os.tmpdir()/rpcloud-release-<hash>/), shared by every jest worker and
 * every later run until a source changes: `flock` serializes the builders, and each test asks for
 * the steps it needs (`--reuse` builds only those not yet in the folder's release.json).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runProcess } from "./process";
import { REPO_ROOT } from "./pulumi";

/** A step of scripts/release/run.mjs. */
export type ReleaseStep = "plugin" | "nodejs" | "dynamic" | "go" | "dotnet" | "python" | "java";

export interface Release {
  /** The folder of artifacts (outside the repository). */
  dir: string;
  /** package.json's version, which every artifact carries. */
  version: string;
  /** The files a step wrote, relative to `dir` (release.json). */
  files(step: ReleaseStep): string[];
  /** The absolute path of the one file of `step` whose name matches `pattern`. */
  file(step: ReleaseStep, pattern: RegExp): string;
}

/** What the release reads: a change to any of these makes a new release folder. */
const SOURCES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "provider",
  "emulator",
  "contract",
  "sdk",
  "scripts/release",
  "scripts/kafka-toolchain.sh",
];
const SKIP = new Set(["node_modules", "dist", "__pycache__", "target", "build", ".gradle"]);
/** Read by no release step (the reference examples reach the artifacts through sdk/schema.json's
 * descriptions): a change to them builds no new release. */
const SKIP_PATHS = new Set([path.join("sdk", "examples")]);

function hashTree(hash: ReturnType<typeof createHash>, rel: string): void {
  const full = path.join(REPO_ROOT, rel);
  if (SKIP_PATHS.has(rel) || !fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) {
      if (!SKIP.has(name) && !name.endsWith(".egg-info")) hashTree(hash, path.join(rel, name));
    }
  } else {
    hash.update(`${rel}\0${stat.mode & 0o111}\0`).update(fs.readFileSync(full));
  }
}

/**
 * A digest of the release's sources (contents, names and executable bits), of the installed tree
 * they are built with (npm's record of node_modules: a lane that installs another @pulumi/pulumi
 * builds its own release) and of the Node.js that builds it.
 */
export function releaseSourcesHash(): string {
  const hash = createHash("sha256").update(`${process.version}\0`);
  hashTree(hash, path.join("node_modules", ".package-lock.json"));
  for (const rel of SOURCES) hashTree(hash, rel);
  return hash.digest("hex").slice(0, 16);
}

async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<string> {
  const { code, output } = await runProcess(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  return output;
}

/** The release folder holding at least `steps`, built (under a lock) when missing. Async: a test
 * may call it while an emulator serves from the same process. */
export async function release(steps: ReleaseStep[]): Promise<Release> {
  const dir = path.join(os.tmpdir(), `rpcloud-release-${releaseSourcesHash()}`);
  const driver = path.join(REPO_ROOT, "scripts", "release", "run.mjs");
  const args = ["--out", dir, "--only", steps.join(","), "--reuse"];
  await run("flock", [`${dir}.lock`, process.execPath, driver, ...args], { cwd: REPO_ROOT });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "release.json"), "utf8")) as {
    version: string;
    steps: Partial<Record<ReleaseStep, string[]>>;
  };
  const files = (step: ReleaseStep): string[] => {
    const list = manifest.steps[step];
    if (!list) throw new Error(`the release in ${dir} has no ${step} step`);
    return list;
  };
  return {
    dir,
    version: manifest.version,
    files,
    file(step, pattern) {
      const found = files(step).filter((f) => pattern.test(f));
      if (found.length !== 1) {
        throw new Error(`release step ${step}: ${found.length} files match ${pattern}: ${found}`);
      }
      return path.join(dir, found[0]!);
    },
  };
}

/** The plugin artifact's archive. */
export const pluginArchive = (rel: Release): string =>
  rel.file("plugin", /^pulumi-resource-redpandacloud-v.*-linux-amd64\.tar\.gz$/);

/**
 * `pulumi plugin install resource redpandacloud <version> --file <archive>`, as a user installs
 * the plugin, into the PULUMI_HOME of `env` (a test stack's `cliEnv`, whose PATH finds the
 * pinned `pulumi`).
 */
export async function installPlugin(rel: Release, env: Record<string, string>): Promise<string> {
  const args = ["plugin", "install", "resource", "redpandacloud", rel.version];
  return run("pulumi", [...args, "--file", pluginArchive(rel)], { cwd: os.tmpdir(), env });
}
