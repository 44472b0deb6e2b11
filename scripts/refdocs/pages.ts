/** The reference pages' paths and texts, unformatted: what generate.ts formats and writes. */
import * as path from "node:path";
import { functionPage } from "./function-page";
import { indexPage } from "./index-page";
import { tokenName } from "./names";
import { resourcePage } from "./resource-page";
import type { PackageSpec } from "./schema-types";

/** Where the pages go, relative to the repository. */
export const REFERENCE_DIR = path.join("docs", "reference");

/** Every page, path (relative to the repository) → its text, before formatting. */
export function renderPages(pkg: PackageSpec): Map<string, string> {
  const out = new Map<string, string>();
  const page = (name: string) => path.join(REFERENCE_DIR, `${name}.md`);
  out.set(page("README"), indexPage(pkg));
  for (const [token, r] of Object.entries(pkg.resources)) {
    out.set(page(tokenName(token)), resourcePage(pkg, tokenName(token), r));
  }
  for (const [token, f] of Object.entries(pkg.functions)) {
    out.set(page(tokenName(token)), functionPage(pkg, tokenName(token), f));
  }
  return out;
}
