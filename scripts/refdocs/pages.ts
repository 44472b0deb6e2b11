/** The reference pages' paths and texts, unformatted: what generate.ts formats and writes. */
import * as path from "node:path";
import type { DynamicExample } from "./dynamic";
import { functionPage } from "./function-page";
import { indexPage } from "./index-page";
import { tokenName } from "./names";
import { resourcePage } from "./resource-page";
import type { PackageSpec } from "./schema-types";

/** Where the pages go, relative to the repository. */
export const REFERENCE_DIR = path.join("docs", "reference");

/**
 * Every page, path (relative to the repository) → its text, before formatting; `dynamic`: the
 * examples' forms on the dynamic providers, by name (./dynamic.ts).
 */
export function renderPages(
  pkg: PackageSpec,
  dynamic: ReadonlyMap<string, DynamicExample> = new Map(),
): Map<string, string> {
  const out = new Map<string, string>();
  const page = (name: string) => path.join(REFERENCE_DIR, `${name}.md`);
  out.set(page("README"), indexPage(pkg));
  for (const [token, r] of Object.entries(pkg.resources)) {
    const name = tokenName(token);
    out.set(page(name), resourcePage(pkg, name, r, dynamic.get(name)));
  }
  for (const [token, f] of Object.entries(pkg.functions)) {
    const name = tokenName(token);
    out.set(page(name), functionPage(pkg, name, f, dynamic.get(name)));
  }
  return out;
}
