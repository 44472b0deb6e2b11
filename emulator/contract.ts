/**
 * The emulator's reading of the vendor's contract (contract/*.json at the package root): the
 * vendor's evidence its rules come from. Where the folder is, the package's one resolver knows
 * (provider/catalog/contract.ts); nothing else in the emulator names the path.
 */
import { readContract } from "../provider/catalog/contract";

/** One contract file, parsed once per process (shared: do not change it). */
export function loadContract<T>(file: string): T {
  return readContract<T>(file);
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
