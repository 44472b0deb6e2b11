/**
 * The parts of sdk/schema.json the reference pages read, and a value's type in words: a
 * primitive, `list(T)`, `map(T)`, or a link to a supporting type's section on the same page.
 */
import type {
  EnumTypeSpec,
  ObjectTypeSpec,
  PropertySpec,
  TypeSpec,
} from "../codegen/pulumi-schema";
import { tokenName } from "./names";

/** A resource as the schema declares it. */
export interface ResourceSpec {
  description?: string;
  inputProperties?: Record<string, PropertySpec>;
  requiredInputs?: string[];
  properties?: Record<string, PropertySpec>;
  required?: string[];
}

/** A function (a lookup) as the schema declares it. */
export interface FunctionSpec {
  description?: string;
  inputs?: { properties?: Record<string, PropertySpec>; required?: string[] };
  outputs: { properties?: Record<string, PropertySpec>; required?: string[] };
}

/** What the pages read of the package schema. */
export interface PackageSpec {
  name: string;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  types: Record<string, ObjectTypeSpec | EnumTypeSpec>;
  language: {
    go: { importBasePath: string };
    nodejs: { packageName: string };
    csharp: { rootNamespace: string };
    java: { basePackage: string };
  };
}

const LOCAL_REF = /^#\/types\/(.+)$/;

/** The token a `$ref` names, when it is one of this package's types. */
export const refToken = (ref: string | undefined): string | undefined =>
  ref ? LOCAL_REF.exec(ref)?.[1] : undefined;

/** GitHub's anchor of a heading that is a plain name. */
export const anchor = (name: string): string => name.toLowerCase();

/** A type in words, with links to the supporting types' sections. */
export function typeWords(t: TypeSpec): string {
  const token = refToken(t.$ref);
  if (token) return `[${tokenName(token)}](#${anchor(tokenName(token))})`;
  if (t.$ref === "pulumi.json#/Any") return "any";
  if (t.oneOf) return t.oneOf.map(typeWords).join(" or ");
  if (t.type === "array" && t.items) return `list(${typeWords(t.items)})`;
  if (t.type === "object" && t.additionalProperties)
    return `map(${typeWords(t.additionalProperties)})`;
  return t.type ?? "any";
}

/** The tokens of the package's types a type refers to, directly. */
function refsOf(t: TypeSpec): string[] {
  const token = refToken(t.$ref);
  return [
    ...(token ? [token] : []),
    ...(t.items ? refsOf(t.items) : []),
    ...(t.additionalProperties ? refsOf(t.additionalProperties) : []),
    ...(t.oneOf ?? []).flatMap(refsOf),
  ];
}

/**
 * Every type the given properties refer to, and every type those refer to, in the order first
 * met (so a page lists a resource's own types before the vendor's nested ones).
 */
export function supportingTypes(
  pkg: PackageSpec,
  ...propertySets: (Record<string, PropertySpec> | undefined)[]
): string[] {
  const seen: string[] = [];
  const visit = (t: TypeSpec) => {
    for (const token of refsOf(t)) {
      if (seen.includes(token)) continue;
      seen.push(token);
      const spec = pkg.types[token];
      if (spec && spec.type === "object") Object.values(spec.properties).forEach(visit);
    }
  };
  for (const props of propertySets) Object.values(props ?? {}).forEach(visit);
  return seen;
}
