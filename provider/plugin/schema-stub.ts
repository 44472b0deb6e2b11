/**
 * STUB — to be replaced by the schema generator (`buildSchema()` of scripts/codegen/schema.ts,
 * checked in as sdk/schema.json). A minimal Pulumi package schema derived from the kind
 * declarations at run time: enough for the YAML language host to type-check a program (every
 * input and output by name, top-level types, secrets, required inputs) and for `pulumi import` to
 * generate code. Nested objects are `Any` here; descriptions are the declarations' doc lines.
 */
import { z } from "zod";
import { CONFIG_KEYS, PACKAGE, SECRET_CONFIG_KEYS } from "./config";
import { FUNCTIONS } from "./functions";
import type { PropType } from "./functions";
import type { ServedKind } from "./registry-bridge";

type TypeSpec = Record<string, unknown>;

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** A JSON Schema (from zod) in the schema's type words; anything nested is `Any`. */
function fromJsonSchema(js: Record<string, unknown>, depth = 0): TypeSpec {
  const t = js.type;
  if (t === "string") return { type: "string" };
  if (t === "integer") return { type: "integer" };
  if (t === "number") return { type: "number" };
  if (t === "boolean") return { type: "boolean" };
  if (t === "array" && depth === 0 && js.items && typeof js.items === "object") {
    return { type: "array", items: fromJsonSchema(js.items as Record<string, unknown>, depth + 1) };
  }
  if (
    t === "object" &&
    depth === 0 &&
    !js.properties &&
    js.additionalProperties &&
    typeof js.additionalProperties === "object"
  ) {
    const inner = fromJsonSchema(js.additionalProperties as Record<string, unknown>, depth + 1);
    return { type: "object", additionalProperties: inner };
  }
  return ANY;
}

function inputType(schema: z.ZodType): TypeSpec {
  try {
    const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    return fromJsonSchema(js as Record<string, unknown>);
  } catch {
    return ANY;
  }
}

/** An output's declared TypeScript type (`string`, `string[]`, ...) in the schema's words. */
function outputType(ts: string): TypeSpec {
  if (ts === "string" || ts === "number" || ts === "boolean") return { type: ts };
  if (/^(string|number|boolean)\[\]$/.test(ts))
    return { type: "array", items: { type: ts.slice(0, -2) } };
  if (/^Record<string, string>$/.test(ts))
    return { type: "object", additionalProperties: { type: "string" } };
  return ANY;
}

function propType(t: PropType): TypeSpec {
  if (t === "string[]") return { type: "array", items: { type: "string" } };
  if (t === "any") return ANY;
  if (t === "any[]") return { type: "array", items: ANY };
  return { type: t };
}

function resourceSpec({ kind }: ServedKind): TypeSpec {
  const inputProperties: Record<string, TypeSpec> = {};
  const requiredInputs: string[] = [];
  const secrets = new Set(kind.secrets);
  for (const [name, schema] of Object.entries(kind.inputs.shape)) {
    const field = (kind.fields as Record<string, { doc: string }>)[name];
    inputProperties[name] = {
      ...inputType(schema as z.ZodType),
      description: field?.doc ?? "",
      ...(secrets.has(name) ? { secret: true } : {}),
    };
    if (!(schema as z.ZodType).safeParse(undefined).success) requiredInputs.push(name);
  }
  const properties: Record<string, TypeSpec> = { ...inputProperties };
  for (const [name, out] of Object.entries(kind.outputs)) {
    properties[name] = {
      ...outputType(out.type),
      description: out.doc,
      ...(out.secret || secrets.has(name) ? { secret: true } : {}),
    };
  }
  return { description: kind.doc, inputProperties, requiredInputs, properties };
}

function configVariables(): Record<string, TypeSpec> {
  return Object.fromEntries(
    CONFIG_KEYS.map((k) => [
      k,
      {
        type: "string",
        description: `As \`redpanda:${k}\` of the dynamic providers.`,
        ...(SECRET_CONFIG_KEYS.has(k) ? { secret: true } : {}),
      },
    ]),
  );
}

/** The package schema (STUB; see the file's header). */
export function buildSchemaStub(version: string, kinds: Iterable<ServedKind>): object {
  const resources: Record<string, TypeSpec> = {};
  for (const k of kinds) resources[`${PACKAGE}:index:${k.type}`] = resourceSpec(k);
  const functions: Record<string, TypeSpec> = {};
  for (const [name, f] of Object.entries(FUNCTIONS)) {
    const secret = new Set(f.secretArgs ?? []);
    functions[`${PACKAGE}:index:${name}`] = {
      description: f.doc,
      inputs: {
        properties: Object.fromEntries(
          Object.entries(f.args).map(([a, t]) => [
            a,
            { ...propType(t), ...(secret.has(a) ? { secret: true } : {}) },
          ]),
        ),
        required: f.required ?? [],
      },
      outputs: {
        properties: Object.fromEntries(Object.entries(f.results).map(([r, t]) => [r, propType(t)])),
      },
    };
  }
  const variables = configVariables();
  return {
    name: PACKAGE,
    displayName: "Redpanda Cloud",
    version,
    description: "Redpanda Cloud control-plane and data-plane resources.",
    config: { variables },
    provider: { description: "The redpandacloud provider.", inputProperties: variables },
    resources,
    functions,
  };
}
