/**
 * The lookups of provider/lookups.ts as functions of the plugin schema, read from their TypeScript
 * signatures and TSDoc with the compiler (the lookups are plain functions: their types are their
 * declaration). The shapes, which the plugin's Invoke follows:
 *
 * - a `LookupKey` parameter (an id, `{ id }` or `{ name }`) becomes the inputs `id` and `name`, one
 *   of which is given;
 * - a string parameter becomes one required input of its name (`getUser(id)` → `{ id }`);
 * - an object parameter's members become the inputs;
 * - an object result is the function's outputs; a list result is the output `items`.
 *
 * Inputs named like a credential (`password`, `secret`, `token`) are secret.
 */
import * as path from "node:path";
import ts from "typescript";
import type { PropertySpec, TypeRegistry, TypeSpec } from "./pulumi-schema";
import { token, typeRef } from "./pulumi-schema";

const LOOKUPS = path.resolve(__dirname, "..", "..", "provider", "lookups.ts");
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
    private readonly checker: ts.TypeChecker,
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
    if (f & ts.TypeFlags.Object) {
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
    throw new Error(`codegen: no schema type for the lookup type ${this.checker.typeToString(t)}`);
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

/** Every exported lookup of provider/lookups.ts as a function of the schema; their types join `types`. */
export function lookupFunctions(types: TypeRegistry): Record<string, LookupFunction["spec"]> {
  return Object.fromEntries(describeLookups(types).map((l) => [token(l.name), l.spec]));
}

/** The lookups, each with its function spec and how its inputs and result map to the call. */
export function describeLookups(types: TypeRegistry): LookupFunction[] {
  const program = ts.createProgram([LOOKUPS], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(LOOKUPS);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`codegen: cannot read ${LOOKUPS}`);
  const tt = new TsTypes(checker, types);
  const out: LookupFunction[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    if (!(symbol.flags & ts.SymbolFlags.Function)) continue;
    const declaration = symbol.declarations?.[0] as ts.FunctionDeclaration;
    const signature = checker.getSignatureFromDeclaration(declaration)!;
    const name = symbol.name;
    const base = pascal(name.replace(/^get/, ""));
    // Inputs.
    const [parameter] = declaration.parameters;
    let argument: LookupArgument = "none";
    let inputs: LookupFunction["spec"]["inputs"];
    if (parameter) {
      const parameterName = parameter.name.getText();
      const annotated = parameter.type?.getText();
      const parameterType = checker.getTypeAtLocation(parameter);
      if (annotated === "LookupKey") {
        argument = "key";
        inputs = {
          type: "object",
          properties: {
            id: { type: "string", description: "The object's id (or give `name`)." },
            name: {
              type: "string",
              description: "The object's exact name, which must be unique (or give `id`).",
            },
          },
        };
      } else if (parameterType.flags & ts.TypeFlags.String) {
        argument = "id";
        inputs = {
          type: "object",
          properties: { [parameterName]: { type: "string", description: "The object's id." } },
          required: [parameterName],
        };
      } else {
        argument = "object";
        const { properties, required } = tt.members(parameterType, `${base}Query`);
        for (const [key, p] of Object.entries(properties)) {
          if (SECRET_NAME.test(key)) p.secret = true;
        }
        inputs = { type: "object", properties, ...(required.length ? { required } : {}) };
      }
    }
    // Outputs.
    const returned = checker.getReturnTypeOfSignature(signature);
    const result = checker.getAwaitedType(returned) ?? returned;
    const list = checker.isArrayType(result);
    let outputs: LookupFunction["spec"]["outputs"];
    if (list) {
      outputs = {
        type: "object",
        properties: {
          items: { ...tt.spec(result, `${base}Item`), description: "What the lookup found." },
        },
        required: ["items"],
      };
    } else {
      outputs = { type: "object", ...tt.members(result, `${base}Result`) };
    }
    const doc = tt
      .doc(symbol)
      .replace(/\{@link (\w+)\}/g, "`$1`")
      .replace(/\s*\n\s*/g, " ");
    out.push({
      name,
      argument,
      list,
      spec: { description: doc, ...(inputs ? { inputs } : {}), outputs },
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
