/** A function's (lookup's) reference page: description, examples, invoke forms, arguments, result. */
import { parseDescription } from "./description";
import type { DynamicExample } from "./dynamic";
import { code, wrapParagraphs } from "./markdown";
import { propertyList } from "./properties";
import type { FunctionSpec, PackageSpec } from "./schema-types";
import { supportingTypes } from "./schema-types";
import {
  GENERATED_NOTICE,
  examplesSection,
  languageBlocks,
  otherSections,
  supportingTypesSection,
} from "./sections";
import { invokeForms } from "./signatures";

/** The page of the function `name` (`getCluster`); `dynamic`: its example's form on the dynamic providers. */
export function functionPage(
  pkg: PackageSpec,
  name: string,
  f: FunctionSpec,
  dynamic?: DynamicExample,
): string {
  const d = parseDescription(f.description);
  const args = Object.keys(f.inputs?.properties ?? {});
  const types = supportingTypes(pkg, f.inputs?.properties, f.outputs.properties);
  return [
    GENERATED_NOTICE,
    `# ${name}`,
    `${code(`${pkg.name}:index:${name}`)} · [all resources and lookups](README.md)`,
    wrapParagraphs(d.summary),
    examplesSection(d, dynamic),
    `## Using ${name}`,
    "Each SDK has a form that returns a promise (or a plain value) and one that returns an Output.",
    languageBlocks(invokeForms(pkg, name, args), "###"),
    "## Arguments",
    propertyList(f.inputs?.properties, f.inputs?.required, {
      change: false,
      requiredWord: "required",
    }),
    "## Result",
    propertyList(f.outputs.properties, f.outputs.required, {
      change: false,
      requiredWord: "always set",
    }),
    ...otherSections(d),
    supportingTypesSection(pkg, types),
  ]
    .filter(Boolean)
    .join("\n\n");
}
