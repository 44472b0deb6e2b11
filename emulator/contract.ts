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

/** The stand-in path segments api-spec.md uses, read as the vendor's own. */
const SEGMENT_ALIASES: [RegExp, string][] = [
  [/^\/v1\/pipeline-connect\//, "/v1/redpanda-connect/"],
  [/^\/v1\/connector-runtime\//, "/v1/kafka-connect/"],
];

/** A request path as the vendor's contract spells it (api-spec.md's stand-in segments mapped). */
export function vendorPath(path: string): string {
  let p = path;
  for (const [from, to] of SEGMENT_ALIASES) p = p.replace(from, to);
  return p;
}

/** A matcher for an OpenAPI path template (`/v1/clusters/{id}`) and its parameter count. */
export function templateMatcher(template: string): { regex: RegExp; params: number } {
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, "[^/]+");
  return { regex: new RegExp(`^${pattern}$`), params: (template.match(/\{/g) ?? []).length };
}
