/**
 * A resource's reference page: description, examples, constructor in each language, inputs (what
 * a change does), outputs, reading an existing one, supporting types and import.
 */
import { parseDescription } from "./description";
import type { DynamicExample } from "./dynamic";
import { code, wrap, wrapParagraphs } from "./markdown";
import { pythonName } from "./names";
import { propertyList } from "./properties";
import type { PackageSpec, ResourceSpec } from "./schema-types";
import { supportingTypes } from "./schema-types";
import {
  GENERATED_NOTICE,
  examplesSection,
  languageBlocks,
  otherSections,
  supportingTypesSection,
} from "./sections";
import { constructorForms, getForms } from "./signatures";

/** The function that looks up this kind, when there is one (`Cluster` → `getCluster`). */
const lookupOf = (pkg: PackageSpec, name: string): string | undefined =>
  Object.keys(pkg.functions)
    .map((t) => t.slice(t.lastIndexOf(":") + 1))
    .find((f) => f === `get${name}`);

function importSection(pkg: PackageSpec, name: string, text: string | undefined): string {
  const fallback = wrap(
    `${code(`pulumi import ${pkg.name}:index:${name} <resource name> <id>`)} adopts an existing ` +
      `object; its id's forms are in [docs/plugin.md](../plugin.md#pulumi-import-the-id-of-each-kind). ` +
      "The same id reads one into a program without managing it (above).",
  );
  return `## Import\n\n${text ?? fallback}`;
}

function outputsSection(r: ResourceSpec): string {
  const inputs = new Set(Object.keys(r.inputProperties ?? {}));
  const own = Object.fromEntries(
    Object.entries(r.properties ?? {}).filter(([n]) => !inputs.has(n)),
  );
  own["id"] = { type: "string", description: "The provider's id of the object (its import id)." };
  return [
    "## Outputs",
    "Every input is also an output, with the value the provider last read. Besides them:",
    propertyList(own, [...(r.required ?? []), "id"], { change: false, requiredWord: "always set" }),
  ].join("\n\n");
}

function lookupSection(pkg: PackageSpec, name: string): string {
  const fn = lookupOf(pkg, name);
  const byFunction = fn
    ? ` To read one's attributes without managing it, call [${code(fn)}](${fn}.md) instead.`
    : "";
  return [
    `## Look up an existing ${name} resource`,
    wrap(
      `Reads an existing ${name}'s state into the program by its id (one of the import id forms ` +
        `below), without managing it.${byFunction}`,
    ),
    languageBlocks(getForms(pkg, name), "###"),
  ].join("\n\n");
}

/** The page of the resource `name`; `dynamic`: its example's form on the dynamic providers. */
export function resourcePage(
  pkg: PackageSpec,
  name: string,
  r: ResourceSpec,
  dynamic?: DynamicExample,
): string {
  const d = parseDescription(r.description);
  const inputs = Object.keys(r.inputProperties ?? {});
  const types = supportingTypes(pkg, r.inputProperties, r.properties);
  return [
    GENERATED_NOTICE,
    `# ${name}`,
    `${code(`${pkg.name}:index:${name}`)} · [all resources and lookups](README.md)`,
    wrapParagraphs(d.summary),
    examplesSection(d, dynamic),
    `## Create a ${name} resource`,
    wrap(
      `Python takes the inputs as keyword arguments (snake_case, e.g. ${code(pythonName(inputs[0] ?? "name"))}) ` +
        "or an args object; the other SDKs take an args object whose members are listed under Inputs.",
    ),
    languageBlocks(constructorForms(pkg, name, inputs), "###"),
    "## Inputs",
    propertyList(r.inputProperties, r.requiredInputs, { change: true, requiredWord: "required" }),
    outputsSection(r),
    lookupSection(pkg, name),
    ...otherSections(d),
    supportingTypesSection(pkg, types),
    importSection(pkg, name, d.importText),
  ]
    .filter(Boolean)
    .join("\n\n");
}
