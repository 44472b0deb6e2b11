/**
 * The parts of Pulumi's package schema (https://www.pulumi.com/docs/iac/extending-pulumi/schema/)
 * that scripts/codegen/schema.ts writes, and the registry of named types it fills.
 */

/** The plugin's package name: tokens `redpandacloud:index:Topic`, config `redpandacloud:apiUrl`. */
import { PACKAGE } from "../../provider/plugin/config";

export { PACKAGE };

/** `Topic` → `redpandacloud:index:Topic`. */
export const token = (name: string): string => `${PACKAGE}:index:${name}`;

/** A value's type: a primitive, a list, a map, a reference to a named type, or one of several. */
export interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  oneOf?: TypeSpec[];
  plain?: boolean;
}

/** A property of a resource, type, function or the config. */
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: string | number | boolean;
  defaultInfo?: { environment: string[] };
  /** A language's own name for it: C#'s where its PascalCase name is its class's (CS0542). */
  language?: { csharp?: { name: string } };
}

/** A named object type. */
export interface ObjectTypeSpec {
  type: "object";
  description: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** A named string enum. */
export interface EnumTypeSpec {
  type: "string";
  description: string;
  enum: { name?: string; value: string }[];
}

/** A reference to a named type of this package. */
export const typeRef = (name: string): TypeSpec => ({ $ref: `#/types/${token(name)}` });

/**
 * The named types, by name. A name is reserved before its members are built (a type may refer to
 * itself); defining a name twice with different specs is a generator bug and throws.
 */
export class TypeRegistry {
  private readonly specs = new Map<string, ObjectTypeSpec | EnumTypeSpec | null>();

  has(name: string): boolean {
    return this.specs.has(name);
  }

  reserve(name: string): void {
    this.specs.set(name, null);
  }

  define(name: string, spec: ObjectTypeSpec | EnumTypeSpec): void {
    const before = this.specs.get(name);
    if (before && JSON.stringify(before) !== JSON.stringify(spec)) {
      throw new Error(`codegen: two different types are named ${name}`);
    }
    this.specs.set(name, spec);
  }

  /** Every type, by token, sorted by name. */
  toJSON(): Record<string, ObjectTypeSpec | EnumTypeSpec> {
    return Object.fromEntries(
      [...this.specs.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([n, spec]) => {
          if (!spec) throw new Error(`codegen: type ${n} was reserved and never defined`);
          return [token(n), spec];
        }),
    );
  }
}
