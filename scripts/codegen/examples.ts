/**
 * The examples and import instructions of the schema's descriptions (scripts/codegen/schema.ts),
 * in the form Pulumi's docs and SDK generators read (pulumi-command's and pulumi-random's schemas):
 * `{{% examples %}}`, `## Example Usage`, one `{{% example %}}` per example with a `### <title>`
 * and one fenced block per language, `{{% /examples %}}`, then `## Import`. Each SDK generator keeps
 * only its own language's block in the docstrings (pkg/codegen's FilterExamples).
 *
 * An example is a Pulumi YAML program written once, sdk/examples/<Name>.yaml (<Name> the last part
 * of a resource's or function's token; its first line `# <title>`); `npm run sdk`
 * (scripts/sdkgen.sh, scripts/examplegen) converts it into sdk/examples/<language>/<Name>.<ext>
 * with Pulumi's program generators, and `npm run sdk -- check` fails when those differ from what the
 * YAML converts to. The JavaScript form is TypeScript's transpilation of the TypeScript one
 * (./derived-examples.ts; Pulumi's Node.js generator writes TypeScript only). This module only
 * reads them: a language whose file is not there yet (a new example before `npm run sdk`) is left
 * out, so a new kind's schema can be written before its example converts against it. The form on
 * the dynamic providers (sdk/examples/dynamic/) is no language of the plugin's SDKs: the reference
 * pages show it, the schema does not carry it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Adoption } from "../../provider/declare/adopt";
import { importIdForms } from "../../provider/declare/adopt";
import { token } from "./pulumi-schema";

/** Where the examples are, relative to the repository. */
export const EXAMPLES_DIR = path.join("sdk", "examples");

/**
 * The converted forms, in the order Pulumi's docs show them, each with its folder, its file
 * extension and the fence's language. YAML is the source itself.
 */
export const EXAMPLE_LANGUAGES = [
  { dir: "typescript", ext: ".ts", fence: "typescript" },
  { dir: "javascript", ext: ".js", fence: "javascript" },
  { dir: "python", ext: ".py", fence: "python" },
  { dir: "go", ext: ".go", fence: "go" },
  { dir: "csharp", ext: ".cs", fence: "csharp" },
  { dir: "java", ext: ".java", fence: "java" },
] as const;

/** The names (`Topic`, `getRegion`) of every YAML example under `root`. */
export function exampleNames(root: string): string[] {
  const dir = path.join(root, EXAMPLES_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
}

/** A generated file without its first line (which says it is generated: noise in the docs). */
const withoutHeader = (text: string): string => text.slice(text.indexOf("\n") + 1).trimEnd();

/** The `{{% examples %}}` section of `name`'s description, or "" when it has no example. */
export function examplesSection(root: string, name: string): string {
  const yamlFile = path.join(root, EXAMPLES_DIR, `${name}.yaml`);
  if (!fs.existsSync(yamlFile)) return "";
  const yaml = fs.readFileSync(yamlFile, "utf8");
  const title = /^# (.+)\n/.exec(yaml)?.[1];
  if (!title) throw new Error(`codegen: ${EXAMPLES_DIR}/${name}.yaml must start with "# <title>"`);
  const blocks: string[] = [];
  for (const lang of EXAMPLE_LANGUAGES) {
    const file = path.join(root, EXAMPLES_DIR, lang.dir, `${name}${lang.ext}`);
    if (!fs.existsSync(file)) continue;
    blocks.push("```" + lang.fence + "\n" + withoutHeader(fs.readFileSync(file, "utf8")) + "\n```");
  }
  // The YAML block is the program as written, less its title (the heading shows it).
  blocks.push("```yaml\n" + withoutHeader(yaml) + "\n```");
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${title}`,
    ...blocks,
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n\n");
}

/**
 * The `## Import` section of a kind's description: its id forms (docs/plugin.md's import table)
 * and one `pulumi import` command for each. The id is quoted: it holds `<`, `>` and maybe `|`.
 */
export function importSection(type: string, adoption: Adoption): string {
  const forms = importIdForms(adoption);
  // One form a line: a data-plane kind's forms run past 200 characters side by side.
  const words =
    forms.length === 1
      ? `\`${forms[0]}\``
      : `one of:\n\n${forms.map((f) => `- \`${f}\``).join("\n")}\n\nas in`;
  const resource = type.charAt(0).toLowerCase() + type.slice(1);
  const commands = forms.map((f) => `pulumi import ${token(type)} ${resource} '${f}'`);
  return [
    "## Import",
    `An existing ${type} is imported by its id, ${words}:`,
    "```sh\n" + commands.join("\n") + "\n```",
  ].join("\n\n");
}

/** A description followed by its examples section and import section, each when there is one. */
export function withExamples(description: string, ...sections: string[]): string {
  return [description, ...sections.filter((s) => s !== "")].join("\n\n");
}
