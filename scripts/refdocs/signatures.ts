/**
 * How a program in each language creates a resource, looks up an existing one by id, and calls a
 * function: the forms of the SDKs generated from the schema (sdk/nodejs, python, go, dotnet,
 * java) and of Pulumi YAML.
 */
import type { SignatureLanguage } from "./names";
import { goFunctionName, pascal, pythonName } from "./names";
import type { PackageSpec } from "./schema-types";

/** One fenced block per language. */
export type Forms = Record<SignatureLanguage, string>;

/** Each SDK's import line, from the schema's `language` settings. */
function imports(pkg: PackageSpec) {
  const ns = `${pkg.language.csharp.rootNamespace}.${pascal(pkg.name)}`;
  return {
    typescript: `import * as ${pkg.name} from "${pkg.language.nodejs.packageName}";`,
    python: `import pulumi_${pkg.name} as ${pkg.name}`,
    go: `import "${pkg.language.go.importBasePath}"`,
    csharp: `using ${ns};`,
    java: `import ${pkg.language.java.basePackage}.${pkg.name}.*;`,
  };
}

/** Python's keyword arguments, one a line: `    partition_count=None,`. */
const pythonKeywords = (inputs: string[]): string[] =>
  inputs.map((n) => `    ${pythonName(n)}=None,`);

/** The constructor forms of resource `name` whose inputs are `inputs`. */
export function constructorForms(pkg: PackageSpec, name: string, inputs: string[]): Forms {
  const p = pkg.name;
  const i = imports(pkg);
  const yamlProps = inputs.length
    ? ["    properties:", ...inputs.map((n) => `      ${n}: # see Inputs`)]
    : [];
  return {
    typescript: [
      i.typescript,
      "",
      `new ${p}.${name}(name: string, args: ${p}.${name}Args, opts?: pulumi.CustomResourceOptions);`,
    ].join("\n"),
    python: [
      i.python,
      "",
      `${p}.${name}(resource_name: str, args: ${p}.${name}Args, opts: Optional[pulumi.ResourceOptions] = None)`,
      `${p}.${name}(`,
      "    resource_name: str,",
      "    opts: Optional[pulumi.ResourceOptions] = None,",
      ...pythonKeywords(inputs),
      ")",
    ].join("\n"),
    go: [
      i.go,
      "",
      `func ${p}.New${name}(`,
      `\tctx *pulumi.Context, name string, args *${p}.${name}Args, opts ...pulumi.ResourceOption,`,
      `) (*${p}.${name}, error)`,
    ].join("\n"),
    csharp: [
      i.csharp,
      "",
      `new ${name}(string name, ${name}Args args, CustomResourceOptions? options = null)`,
    ].join("\n"),
    java: [
      i.java,
      "",
      `new ${name}(String name, ${name}Args args, @Nullable CustomResourceOptions options)`,
      `${name}Args.builder()./* one setter per input */build()`,
    ].join("\n"),
    yaml: ["resources:", "  myResource:", `    type: ${p}:index:${name}`, ...yamlProps].join("\n"),
  };
}

/** The forms of reading an existing resource by its id into a program (`Topic.get`). */
export function getForms(pkg: PackageSpec, name: string): Forms {
  const p = pkg.name;
  return {
    typescript: `${p}.${name}.get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ${p}.${name}`,
    python: `${p}.${name}.get(resource_name: str, id: pulumi.Input[str], opts: Optional[pulumi.ResourceOptions] = None) -> ${p}.${name}`,
    go: [
      `func ${p}.Get${name}(`,
      "\tctx *pulumi.Context, name string, id pulumi.IDInput,",
      `\tstate *${p}.${name}State, opts ...pulumi.ResourceOption,`,
      `) (*${p}.${name}, error)`,
    ].join("\n"),
    csharp: `${name}.Get(string name, Input<string> id, CustomResourceOptions? options = null)`,
    java: `${name}.get(String name, Output<String> id, @Nullable CustomResourceOptions options)`,
    yaml: [
      "resources:",
      "  existing:",
      `    type: ${p}:index:${name}`,
      "    get:",
      "      id: <an import id, below>",
    ].join("\n"),
  };
}

/** The forms of calling function `fn` (`getCluster`), whose arguments are `args`. */
export function invokeForms(pkg: PackageSpec, fn: string, args: string[]): Forms {
  const p = pkg.name;
  const i = imports(pkg);
  const resources = new Set(Object.keys(pkg.resources).map((t) => t.slice(t.lastIndexOf(":") + 1)));
  const go = goFunctionName(fn, resources);
  const cls = pascal(fn);
  const has = args.length > 0;
  const tsArgs = has ? `args: ${p}.${cls}Args, ` : "";
  const tsOutArgs = has ? `args: ${p}.${cls}OutputArgs, ` : "";
  const pyArgs = args.map((a) => `${pythonName(a)}=None, `).join("");
  const goArgs = has ? `args *${p}.${go}Args, ` : "";
  const goOutArgs = has ? `args ${p}.${go}OutputArgs, ` : "";
  return {
    typescript: [
      i.typescript,
      "",
      `${p}.${fn}(${tsArgs}opts?: pulumi.InvokeOptions): Promise<${p}.${cls}Result>`,
      `${p}.${fn}Output(${tsOutArgs}opts?: pulumi.InvokeOutputOptions): pulumi.Output<${p}.${cls}Result>`,
    ].join("\n"),
    python: [
      i.python,
      "",
      `${p}.${pythonName(fn)}(${pyArgs}opts=None) -> Awaitable${cls}Result`,
      `${p}.${pythonName(fn)}_output(${pyArgs}opts=None) -> pulumi.Output[${cls}Result]`,
    ].join("\n"),
    go: [
      i.go,
      "",
      `func ${p}.${go}(`,
      `\tctx *pulumi.Context, ${goArgs}opts ...pulumi.InvokeOption,`,
      `) (*${p}.${go}Result, error)`,
      `func ${p}.${go}Output(`,
      `\tctx *pulumi.Context, ${goOutArgs}opts ...pulumi.InvokeOption,`,
      `) ${p}.${go}ResultOutput`,
    ].join("\n"),
    csharp: [
      i.csharp,
      "",
      `${cls}.InvokeAsync(${has ? `${cls}Args? args = null, ` : ""}InvokeOptions? options = null): Task<${cls}Result>`,
      `${cls}.Invoke(${has ? `${cls}InvokeArgs? args = null, ` : ""}InvokeOptions? options = null): Output<${cls}Result>`,
    ].join("\n"),
    java: [
      i.java,
      "",
      `${pascal(p)}Functions.${fn}(${has ? `${cls}Args args, InvokeOptions options` : ""}): Output<${cls}Result>`,
      `${pascal(p)}Functions.${fn}Plain(${has ? `${cls}PlainArgs args, InvokeOptions options` : ""}): CompletableFuture<${cls}Result>`,
    ].join("\n"),
    yaml: [
      "variables:",
      "  result:",
      "    fn::invoke:",
      `      function: ${p}:index:${fn}`,
      ...(has ? ["      arguments:", ...args.map((a) => `        ${a}: # see Arguments`)] : []),
    ].join("\n"),
  };
}
