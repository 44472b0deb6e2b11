/** docs/reference/README.md: every resource and function, with its one-line description. */
import { parseDescription } from "./description";
import { code, wrap } from "./markdown";
import { tokenName } from "./names";
import type { PackageSpec } from "./schema-types";
import { GENERATED_NOTICE } from "./sections";

/** A description's first sentence-long line, for an index row. */
const firstLine = (description: string | undefined): string =>
  parseDescription(description).summary.split("\n\n")[0] ?? "";

/** The index page. */
export function indexPage(pkg: PackageSpec): string {
  const list = (specs: Record<string, { description?: string }>) =>
    Object.entries(specs)
      .map(([token, spec]) => {
        const name = tokenName(token);
        return wrap(`- [${name}](${name}.md): ${firstLine(spec.description)}`, 100, "  ");
      })
      .join("\n");
  return [
    GENERATED_NOTICE,
    `# ${pkg.name} reference`,
    wrap(
      "The provider plugin's resources and functions, generated from its schema " +
        `(${code("sdk/schema.json")}), with each one's inputs and outputs in every SDK's naming. ` +
        "What each resource manages and which cluster kinds it works on: " +
        "[docs/resources.md](../resources.md).",
    ),
    "## Resources",
    list(pkg.resources),
    "## Functions",
    list(pkg.functions),
  ].join("\n\n");
}
