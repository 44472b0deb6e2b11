/**
 * The lookups (each kind folder's lookups.ts, and provider/lookups/operation.ts) as functions of
 * the plugin schema, read from their TypeScript signatures and TSDoc with the compiler (the
 * lookups are plain functions: their types are their declaration). The shapes, which the plugin's
 * Invoke follows (provider/declare/lookup.ts, `LookupCall`, generated into the registry):
 *
 * - a `LookupKey` parameter (an id, `{ id }` or `{ name }`) becomes the inputs `id` and `name`, one
 *   of which is given;
 * - a string parameter becomes one required input of its name (`getUser(id)` → `{ id }`);
 * - an object parameter's members become the inputs (required unless optional);
 * - an object result is the function's outputs; a list result is the output `items`.
 *
 * Inputs named like a credential (`password`, `secret`, `token`) are secret.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import type { PropertySpec, TypeRegistry, TypeSpec } from "./pulumi-schema";
import { token, typeRef } from "./pulumi-schema";

const REPO = path.resolve(__dirname, "..", "..");
const SECRET_NAME = /password|secret|token/i;

/** A function's inputs or outputs. */
interface ObjectSpec {
  type: "object";
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** The shape of a lookup's argument (the plugin maps the function's inputs back to it). */
export type LookupArgument = "none" | "key" | "id" | "object";

/** A function of the schema and how its inputs and result map to the lookup's. */
export interface LookupFunction {
  /** `getRegions`. */
  name: string;
  /** The module that exports it, relative to the root: `provider/kinds/network/lookups.ts`. */
  file: string;
  argument: LookupArgument;
  /** Whether the lookup returns a list (the function's output `items`). */
  list: boolean;
  spec: {
    description: string;
    inputs?: ObjectSpec;
    outputs: ObjectSpec;
  };
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = (s: string) => s.replace(/ies$/, "y").replace(/s$/, "");

class TsTypes {
  constructor(
    readonly checker: ts.TypeChecker,
    private readonly types: TypeRegistry,
  ) {}

  doc(symbol: ts.Symbol): string {
    return ts
      .displayPartsToString(symbol.getDocumentationComment(this.checker))
      .trim()
      .replace(/\s*\n\s*/g, " ");
  }

  /** A type without `undefined`, and whether `undefined` was part of it. */
  defined(t: ts.Type): { type: ts.Type; optional: boolean } {
    if (!t.isUnion()) return { type: t, optional: false };
    const rest = t.types.filter((u) => !(u.flags & ts.TypeFlags.Undefined));
    const optional = rest.length !== t.types.length;
    if (rest.length === 1) return { type: rest[0]!, optional };
    // `boolean` is the union `true | false`.
    if (rest.every((u) => u.flags & ts.TypeFlags.BooleanLiteral)) {
      return { type: this.checker.getBooleanType(), optional };
    }
    return { type: t, optional };
  }

  spec(t: ts.Type, owner: string): TypeSpec {
    const { type } = this.defined(t);
    const f = type.flags;
    if (f & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return { type: "string" };
    if (f & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return { type: "number" };
    if (f & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return { type: "boolean" };
    if (type.isUnion() && type.types.every((u) => u.flags & ts.TypeFlags.StringLiteral)) {
      return { type: "string" };
    }
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      return { type: "array", items: this.spec(element!, singular(owner)) };
    }
    if (f & ts.TypeFlags.Object) return this.objectType(type, owner);
    throw new Error(`codegen: no schema type for the lookup type ${this.checker.typeToString(t)}`);
  }

  /** A named object type: its declared name, else its owner's. */
  private objectType(type: ts.Type, owner: string): TypeSpec {
    const declared = type.aliasSymbol ?? type.getSymbol();
    const name =
      declared && declared.name !== "__type" && declared.name !== "__object"
        ? declared.name
        : owner;
    if (!this.types.has(name)) {
      this.types.reserve(name);
      const { properties, required } = this.members(type, name);
      this.types.define(name, {
        type: "object",
        description: (declared && this.doc(declared)) || `A nested value of ${name}.`,
        properties,
        ...(required.length ? { required } : {}),
      });
    }
    return typeRef(name);
  }

  /** An object type's members as properties, with their TSDoc. */
  members(
    t: ts.Type,
    owner: string,
  ): { properties: Record<string, PropertySpec>; required: string[] } {
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const member of this.checker.getPropertiesOfType(t)) {
      const memberType = this.checker.getTypeOfSymbol(member);
      const optional =
        (member.flags & ts.SymbolFlags.Optional) !== 0 || this.defined(memberType).optional;
      const doc = this.doc(member);
      properties[member.name] = {
        ...this.spec(memberType, owner + pascal(member.name)),
        ...(doc ? { description: doc } : {}),
      };
      if (!optional) required.push(member.name);
    }
    return { properties, required };
  }
}

/** The modules that export lookups under `root`: each kind folder's lookups.ts, then operation.ts. */
export function lookupFiles(root = REPO): string[] {
  const kinds = path.join(root, "provider", "kinds");
  const own = fs
    .readdirSync(kinds, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(kinds, e.name, "lookups.ts")))
    .map((e) => path.join("provider", "kinds", e.name, "lookups.ts"))
    .sort();
  return [...own, path.join("provider", "lookups", "operation.ts")];
}

/** A lookup's inputs, from its one parameter (or none). */
function inputsOf(
  tt: TsTypes,
  parameter: ts.ParameterDeclaration | undefined,
  base: string,
): { argument: LookupArgument; inputs?: ObjectSpec } {
  if (!parameter) return { argument: "none" };
  const parameterName = parameter.name.getText();
  const parameterType = tt.checker.getTypeAtLocation(parameter);
  if (parameter.type?.getText() === "LookupKey") {
    const properties: Record<string, PropertySpec> = {
      id: { type: "string", description: "The object's id (or give `name`)." },
      name: {
        type: "string",
        description: "The object's exact name, which must be unique (or give `id`).",
      },
    };
    return { argument: "key", inputs: { type: "object", properties } };
  }
  if (parameterType.flags & ts.TypeFlags.String) {
    const properties = { [parameterName]: { type: "string", description: "The object's id." } };
    return {
      argument: "id",
      inputs: { type: "object", properties, required: [parameterName] } as ObjectSpec,
    };
  }
  const { properties, required } = tt.members(parameterType, `${base}Query`);
  for (const [key, p] of Object.entries(properties)) if (SECRET_NAME.test(key)) p.secret = true;
  return {
    argument: "object",
    inputs: { type: "object", properties, ...(required.length ? { required } : {}) },
  };
}

/** A lookup's outputs, from its result: an object's members, or a list as `items`. */
function outputsOf(
  tt: TsTypes,
  signature: ts.Signature,
  base: string,
): { list: boolean; outputs: ObjectSpec } {
  const returned = tt.checker.getReturnTypeOfSignature(signature);
  const result = tt.checker.getAwaitedType(returned) ?? returned;
  if (!tt.checker.isArrayType(result)) {
    return { list: false, outputs: { type: "object", ...tt.members(result, `${base}Result`) } };
  }
  const items = { ...tt.spec(result, `${base}Item`), description: "What the lookup found." };
  return {
    list: true,
    outputs: { type: "object", properties: { items }, required: ["items"] },
  };
}

/** One exported lookup function as a function of the schema. */
function describe(tt: TsTypes, symbol: ts.Symbol, file: string): LookupFunction {
  const declaration = symbol.declarations?.[0] as ts.FunctionDeclaration;
  const signature = tt.checker.getSignatureFromDeclaration(declaration)!;
  const base = pascal(symbol.name.replace(/^get/, ""));
  // The call context (`ctx`, last) is the plugin's to pass, not an input of the function.
  const parameter = declaration.parameters.find((p) => p.name.getText() !== "ctx");
  const { argument, inputs } = inputsOf(tt, parameter, base);
  const { list, outputs } = outputsOf(tt, signature, base);
  const description = tt.doc(symbol).replace(/\{@link (\w+)\}/g, "`$1`");
  return {
    name: symbol.name,
    file,
    argument,
    list,
    spec: { description, ...(inputs ? { inputs } : {}), outputs },
  };
}

/** Every lookup under `root`, each with its function spec and how its inputs map to the call. */
export function describeLookups(types: TypeRegistry, root = REPO): LookupFunction[] {
  const files = lookupFiles(root);
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const tt = new TsTypes(checker, types);
  const out: LookupFunction[] = [];
  for (const file of files) {
    const source = program.getSourceFile(path.join(root, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`codegen: cannot read ${file}`);
    for (const symbol of checker.getExportsOfModule(module)) {
      if (symbol.flags & ts.SymbolFlags.Function) out.push(describe(tt, symbol, file));
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every lookup as a function of the schema; their types join `types`. */
export function lookupFunctions(types: TypeRegistry): Record<string, LookupFunction["spec"]> {
  return Object.fromEntries(describeLookups(types).map((l) => [token(l.name), l.spec]));
}
