#!/usr/bin/env node
// `npm run release`: every artifact of package.json's version into one folder (default
// dist/release/), one step per language, then SHA256SUMS and release.json (which step wrote what).
//
//   node scripts/release/run.mjs [--out DIR] [--only plugin,go,...] [--reuse]
//
// --only builds some steps (the default is all of STEPS). --reuse keeps an existing folder of the
// same version and runs only the steps its release.json does not list yet (the test support builds
// what each test needs once per source state this way); without it the folder is emptied first.
//
// A step is scripts/release/<step>.mjs (run with this Node) or <step>.sh (run with bash), called
// with three arguments: the repository root, the version, the output folder (also in the
// environment as RELEASE_REPO, RELEASE_VERSION, RELEASE_OUT). It writes its files under the output
// folder, never elsewhere in the repository (scratch goes to a temp folder it removes), prints the
// paths it wrote (relative to the output folder, one per line) on stdout and its progress on
// stderr, and exits non-zero on failure. The contract is in scripts/release/README.md.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";

const HERE = path.dirname(new URL(import.meta.url).pathname);
const REPO = path.resolve(HERE, "..", "..");

/** Every step, in the order they run (the plugin first: the others only read sources). */
export const STEPS = ["plugin", "nodejs", "dynamic", "go", "dotnet", "python", "java"];

const log = (line) => process.stderr.write(`[release] ${line}\n`);

/** The step's file and how to run it, or undefined when neither form exists. */
export function stepCommand(step) {
  const mjs = path.join(HERE, `${step}.mjs`);
  if (fs.existsSync(mjs)) return { file: mjs, command: process.execPath, args: [mjs] };
  const sh = path.join(HERE, `${step}.sh`);
  if (fs.existsSync(sh)) return { file: sh, command: "bash", args: [sh] };
  return undefined;
}

/** Runs one step; resolves to the files it reports, each checked to exist under `out`. */
function runStep(step, cmd, version, out) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd.command, [...cmd.args, REPO, version, out], {
      cwd: REPO,
      env: { ...process.env, RELEASE_REPO: REPO, RELEASE_VERSION: version, RELEASE_OUT: out },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`step ${step} (${path.relative(REPO, cmd.file)}) exited with ${code}`));
        return;
      }
      const files = stdout
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const bad = files.filter(
        (f) => path.isAbsolute(f) || f.startsWith("..") || !fs.existsSync(path.join(out, f)),
      );
      if (files.length === 0 || bad.length > 0) {
        reject(
          new Error(`step ${step} reported no files or files not in ${out}: ${bad.join(", ")}`),
        );
        return;
      }
      log(`${step}: ${files.length} file(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(files);
    });
  });
}

function sha256(file) {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** SHA256SUMS (`sha256sum -c` format) over every file the steps wrote, sorted by path. */
function writeSums(out, manifest) {
  const files = Object.values(manifest.steps).flat().sort();
  const lines = files.map((f) => `${sha256(path.join(out, f))}  ${f}`);
  fs.writeFileSync(path.join(out, "SHA256SUMS"), lines.join("\n") + "\n");
}

function readManifest(out, version) {
  const file = path.join(out, "release.json");
  if (!fs.existsSync(file)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  return manifest.version === version ? manifest : undefined;
}

export async function release({ out, only = STEPS, reuse = false }) {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8"));
  const unknown = only.filter((s) => !STEPS.includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown step(s): ${unknown.join(", ")} (known: ${STEPS})`);
  let manifest = reuse ? readManifest(out, version) : undefined;
  if (!manifest) {
    fs.rmSync(out, { recursive: true, force: true });
    manifest = { version, steps: {} };
  }
  fs.mkdirSync(out, { recursive: true });
  const missing = [];
  for (const step of STEPS.filter((s) => only.includes(s))) {
    if (manifest.steps[step]) {
      log(`${step}: already built`);
      continue;
    }
    const cmd = stepCommand(step);
    if (!cmd) {
      missing.push(step);
      log(`${step}: MISSING — no scripts/release/${step}.mjs or ${step}.sh; nothing built for it`);
      continue;
    }
    manifest.steps[step] = await runStep(step, cmd, version, out);
    fs.writeFileSync(path.join(out, "release.json"), JSON.stringify(manifest, null, 2) + "\n");
  }
  writeSums(out, manifest);
  fs.writeFileSync(path.join(out, "release.json"), JSON.stringify(manifest, null, 2) + "\n");
  return { version, out, manifest, missing };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      out: { type: "string", default: path.join(REPO, "dist", "release") },
      only: { type: "string" },
      reuse: { type: "boolean", default: false },
    },
  });
  const only = values.only ? values.only.split(",").filter(Boolean) : STEPS;
  try {
    const r = await release({ out: path.resolve(values.out), only, reuse: values.reuse });
    log(`v${r.version} in ${r.out}: ${Object.keys(r.manifest.steps).join(", ")}; SHA256SUMS`);
    if (r.missing.length > 0) {
      log(`INCOMPLETE: missing step(s) ${r.missing.join(", ")} (scripts/release/<step>.mjs|.sh)`);
      process.exit(1);
    }
  } catch (err) {
    log(`failed: ${err.message}`);
    process.exit(1);
  }
}
