/**
 * Reads the repository's copy of the vendor's contract (emulator/contract/*.json). The folder sits
 * beside this file in the sources and two levels above it in the build (dist/emulator/), and the
 * published package ships it (package.json "files").
 */
import * as fs from "node:fs";
import * as path from "node:path";

const CANDIDATES = [
  path.join(__dirname, "contract"),
  path.join(__dirname, "..", "..", "emulator", "contract"),
];

const CONTRACT_DIR =
  CANDIDATES.find((dir) => fs.existsSync(path.join(dir, "sources.json"))) ?? CANDIDATES[0]!;

const cache = new Map<string, unknown>();

export function loadContract<T>(file: string): T {
  let data = cache.get(file);
  if (data === undefined) {
    data = JSON.parse(fs.readFileSync(path.join(CONTRACT_DIR, file), "utf8"));
    cache.set(file, data);
  }
  return data as T;
}
