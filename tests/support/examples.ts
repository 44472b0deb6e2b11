/** Copies an `examples/<name>` project into a temp dir wired to this repository's node_modules. */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT, writeTempProject } from "./pulumi";

export const EXAMPLES_DIR = path.join(REPO_ROOT, "examples");

function listFiles(dir: string, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(prefix, entry.name);
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), rel) : [rel];
  });
}

/**
 * A copy, not the example in place: it proves the example needs nothing from the repository but
 * its installed packages, and the stack files the test creates never land in `examples/`.
 */
export function copyExample(name: string): string {
  const source = path.join(EXAMPLES_DIR, name);
  const files = Object.fromEntries(
    listFiles(source)
      .filter((f) => f !== "Pulumi.yaml")
      .map((f) => [f, fs.readFileSync(path.join(source, f), "utf8")]),
  );
  const dir = writeTempProject(name, files);
  fs.copyFileSync(path.join(source, "Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
  for (const f of Object.keys(files)) {
    if (f.endsWith(".sh")) fs.chmodSync(path.join(dir, f), 0o755);
  }
  return dir;
}
