/**
 * Generates provider/kinds/wire/controlplane.ts: a zod schema, keyed in camelCase, for every
 * nested object of the control-plane create and update bodies the kinds take as inputs
 * (private links, mTLS/SASL, maintenance windows, customer-managed resources, ...), from the
 * repository's copy of the vendor's OpenAPI (emulator/contract/). The kinds use these schemas as
 * the inputs' check and public types; provider/kinds/wire-case.ts maps values to the wire with them.
 *
 * Hand-written rather than json-schema-to-zod: that library emits zod 3 and keeps the wire's
 * snake_case keys, and the inputs are camelCase; the subset of JSON Schema here is small.
 *
 *   npm run codegen            # write it
 *   npm run codegen -- --check # fail if the checked-in file disagrees (the unit tests do this)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import { NAMED_ENUMS } from "../../provider/enums";

const REPO = path.resolve(__dirname, "..", "..");
const TARGET = path.join(REPO, "provider", "kinds", "wire", "controlplane.ts");
/** The request bodies whose nested objects the kinds take as inputs, and the statuses they output. */
const ROOTS = [
  "ClusterCreate",
  "ClusterUpdate",
  "NetworkCreate",
  "ServerlessClusterCreate",
  "ShadowLinkCreate",
  "ShadowLinkUpdate",
  "AWSPrivateLink.Status",
  "AzurePrivateLink.Status",
  "GCPPrivateServiceConnect.Status",
];

type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: string[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  readOnly?: boolean;
};

/** `allowed_principals` → `allowedPrincipals`. */
export function camel(wire: string): string {
  return wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `allowedPrincipals` → `allowed_principals`: the default way back; irregular keys are listed. */
export function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The TypeScript name of a vendor schema: `ClusterCreate.CloudStorage` → `ClusterCreateCloudStorage`. */
const constName = (schema: string) =>
  schema.replace(/^v1\./, "V1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => c ?? "");

export function generate(contract: {
  components: { schemas: Record<string, JsonSchema> };
}): string {
  const schemas = contract.components.schemas;
  const emitted = new Map<string, string>();
  const order: string[] = [];
  const irregular = new Map<string, string>();
  const enumImports = new Set<string>();
  const refName = (ref: string) => ref.split("/").pop() as string;

  const enumExpr = (values: string[]): string => {
    const named = Object.entries(NAMED_ENUMS).find(
      ([, v]) => v.length === values.length && v.every((x, i) => x === values[i]),
    );
    if (!named) return `z.enum(${JSON.stringify(values)})`;
    const listName = listNameOf(named[0]);
    enumImports.add(listName);
    return `z.enum(${listName})`;
  };

  const expr = (s: JsonSchema, wirePath: string): string => {
    if (s.$ref) {
      const name = refName(s.$ref);
      const target = schemas[name];
      if (!target) throw new Error(`nested: ${wirePath} refers to missing schema ${name}`);
      if (target.enum) return enumExpr(target.enum);
      visit(name);
      return constName(name);
    }
    if (s.enum) return enumExpr(s.enum);
    switch (s.type) {
      case "string":
        return "z.string()";
      case "boolean":
        return "z.boolean()";
      case "integer":
        // int64 travels as a JSON string in protojson; every integer here is int32.
        return "z.number().int()";
      case "number":
        return "z.number()";
      case "array":
        return `z.array(${expr(s.items ?? {}, `${wirePath}[]`)})`;
      case "object": {
        if (s.properties) throw new Error(`nested: inline object at ${wirePath}`);
        const extra = s.additionalProperties;
        // A free-form object (cluster properties) keeps its keys as the user writes them.
        const value = typeof extra === "object" ? expr(extra, `${wirePath}{}`) : "z.unknown()";
        return `z.record(z.string(), ${value})`;
      }
      default:
        throw new Error(`nested: no zod for ${JSON.stringify(s)} at ${wirePath}`);
    }
  };

  const visit = (name: string): void => {
    if (emitted.has(name)) return;
    emitted.set(name, "");
    const s = schemas[name] as JsonSchema;
    const required = new Set(s.required ?? []);
    const members = Object.entries(s.properties ?? {})
      .filter(([, p]) => !p.readOnly)
      .map(([wire, p]) => {
        const key = camel(wire);
        if (snake(key) !== wire) irregular.set(key, wire);
        const optional = required.has(wire) ? "" : ".optional()";
        const doc = `\`${wire}\` of the vendor's ${name}${required.has(wire) ? " (required)" : ""}`;
        return `  ${key}: ${expr(p, `${name}.${wire}`)}${optional}.describe(${JSON.stringify(doc)}),`;
      });
    emitted.set(
      name,
      `/** The vendor's \`${name}\`, keyed in camelCase. */\nexport const ${constName(name)} = z\n  .object({\n${members.join("\n")}\n  })\n  .strict();\n`,
    );
    order.push(name);
  };

  for (const root of ROOTS) visit(root);
  const imports = enumImports.size
    ? `import { ${[...enumImports].sort().join(", ")} } from "../../enums";\n`
    : "";
  const wireKeys = [...irregular.entries()].sort(([a], [b]) => a.localeCompare(b));
  return [
    "// Generated by scripts/codegen/nested.ts from emulator/contract/ (the vendor's OpenAPI). Do not edit.",
    'import { z } from "zod";',
    imports,
    ...order.map((n) => emitted.get(n) as string),
    "/** camelCase keys whose wire name is not their plain snake_case (digits as words). */",
    `export const IRREGULAR_WIRE_KEYS: Readonly<Record<string, string>> = ${JSON.stringify(Object.fromEntries(wireKeys))};`,
    "",
  ].join("\n");
}

/** `PrivateLinkAuthMode` → `PRIVATE_LINK_AUTH_MODES`: enums.ts's naming of its lists. */
function listNameOf(typeName: string): string {
  const upper = typeName.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
  const plural: Record<string, string> = { DAY_OF_WEEK: "DAYS_OF_WEEK" };
  return plural[upper] ?? `${upper}S`;
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const contract = JSON.parse(
    fs.readFileSync(path.join(REPO, "emulator", "contract", "cloud-controlplane.json"), "utf8"),
  );
  const options = (await prettier.resolveConfig(TARGET)) ?? {};
  const text = await prettier.format(generate(contract), { ...options, filepath: TARGET });
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, "utf8") : "";
  if (current === text) return;
  if (check) {
    console.error(`${path.relative(REPO, TARGET)} is out of date: run npm run codegen`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(TARGET), { recursive: true });
  fs.writeFileSync(TARGET, text);
  console.log(`wrote ${path.relative(REPO, TARGET)}`);
}

if (require.main === module) void main();
