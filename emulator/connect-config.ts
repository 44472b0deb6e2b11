/**
 * Redpanda Connect as Redpanda Cloud runs it (contract/connect-components.json, sources listed
 * there): the components of the cloud build — the component list's `cloud` column, as
 * redpanda-data/connect public/schema/schema.go's Cloud makes its schema — each with its
 * configuration spec, and the top-level fields of a pipeline's configuration. The linter
 * (connect-lint.ts), `GET /v1/redpanda-connect/components` and `.../config-schema` read it here.
 */
import { loadContract } from "./contract";

/** A configuration field as the vendor's json-full dump describes it (prose dropped). */
export interface FieldSpec {
  name: string;
  type: string;
  kind: "scalar" | "array" | "2darray" | "map";
  children?: FieldSpec[];
  default?: unknown;
  is_optional?: boolean;
  is_advanced?: boolean;
  is_deprecated?: boolean;
  is_secret?: boolean;
  bloblang?: boolean;
  interpolated?: boolean;
  options?: string[];
  version?: string;
}

export interface ComponentEntry {
  name: string;
  cloud: boolean;
  deprecated?: boolean;
  status?: string;
  plugin?: boolean;
  categories?: string[];
  version?: string;
  /** Kept for the components Cloud runs; absent when the vendor's dump has none. */
  config?: FieldSpec;
}

interface BloblangEntry {
  name: string;
  status: string;
  categories?: string[];
  version?: string;
  impure?: boolean;
}

interface ConnectContract {
  version: string;
  config: FieldSpec[];
  components: Record<string, ComponentEntry[]>;
  bloblang: { functions: BloblangEntry[]; methods: BloblangEntry[] };
}

/** Component types as field specs name them, and their list in the contract and ComponentList. */
export const COMPONENT_TYPES: Record<string, string> = {
  input: "inputs",
  buffer: "buffers",
  cache: "caches",
  processor: "processors",
  rate_limit: "rate_limits",
  output: "outputs",
  metrics: "metrics",
  tracer: "tracers",
  scanner: "scanners",
};

const contract = (): ConnectContract => loadContract<ConnectContract>("connect-components.json");

/** The top-level fields of a pipeline's configuration. */
export const streamFields = (): FieldSpec[] => contract().config;

let cloudIndex: Map<string, Map<string, ComponentEntry>> | undefined;

/** A component of this type that Cloud runs, by name (the cloud build's docs provider). */
export function cloudComponent(type: string, name: string): ComponentEntry | undefined {
  cloudIndex ??= new Map(
    Object.entries(COMPONENT_TYPES).map(([t, list]) => [
      t,
      new Map((contract().components[list] ?? []).filter((c) => c.cloud).map((c) => [c.name, c])),
    ]),
  );
  return cloudIndex.get(type)?.get(name);
}

const LABEL: FieldSpec = { name: "label", type: "string", kind: "scalar", default: "" };

/**
 * The fields every component of a type may have beside its own (benthos internal/docs/config.go,
 * ReservedFieldsByType, redpanda-data/benthos@a9fc41bdd0e8a1894e3b1f0faa6c700752b87158).
 */
export function reservedFields(type: string): Map<string, FieldSpec> {
  const m = new Map<string, FieldSpec>([
    ["type", { name: "type", type: "string", kind: "scalar" }],
    ["plugin", { name: "plugin", type: "object", kind: "scalar" }],
    ["meta", { name: "meta", type: "unknown", kind: "map", is_optional: true, is_advanced: true }],
  ]);
  if (type === "input" || type === "output")
    m.set("processors", { name: "processors", type: "processor", kind: "array" });
  if (type === "metrics") m.set("mapping", { name: "mapping", type: "string", kind: "scalar" });
  if (["input", "processor", "output", "cache", "rate_limit"].includes(type)) m.set("label", LABEL);
  return m;
}

// --- GET /v1/redpanda-connect/config-schema ------------------------------------------------------

/** Whether a JSON schema requires the field (benthos internal/docs/json_schema.go). */
function jsonRequired(f: FieldSpec): boolean {
  if (f.is_optional || "default" in f) return false;
  if (!f.children?.length) return true;
  return f.children.some(jsonRequired);
}

/** A field as a JSON schema (benthos internal/docs/json_schema.go, FieldSpec.JSONSchema). */
function fieldSchema(f: FieldSpec): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    is_advanced: Boolean(f.is_advanced),
    is_deprecated: Boolean(f.is_deprecated),
    is_optional: Boolean(f.is_optional),
    is_secret: Boolean(f.is_secret),
  };
  if (f.kind === "2darray")
    return { ...spec, type: "array", items: fieldSchema({ ...f, kind: "array" }) };
  if (f.kind === "array")
    return { ...spec, type: "array", items: fieldSchema({ ...f, kind: "scalar" }) };
  if (f.kind === "map")
    return {
      ...spec,
      type: "object",
      patternProperties: { ".": fieldSchema({ ...f, kind: "scalar" }) },
    };
  switch (f.type) {
    case "bool":
      return { ...spec, type: "boolean" };
    case "string":
      return { ...spec, type: "string" };
    case "int":
    case "float":
      return { ...spec, type: "number" };
    case "object": {
      const children = f.children ?? [];
      const required = children.filter(jsonRequired).map((c) => c.name);
      return {
        ...spec,
        type: "object",
        properties: fieldsSchema(children),
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      };
    }
    default:
      return f.type in COMPONENT_TYPES ? { ...spec, $ref: `#/definitions/${f.type}` } : spec;
  }
}

const fieldsSchema = (fields: FieldSpec[]) =>
  Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));

let configSchemaText: string | undefined;

/**
 * The JSON schema of a pipeline's configuration with the components Cloud runs (benthos
 * internal/jsonschema/stream_schema.go, Marshal, over the cloud build's environment).
 */
export function configSchema(): string {
  configSchemaText ??= JSON.stringify({
    properties: fieldsSchema(streamFields()),
    definitions: Object.fromEntries(
      Object.entries(COMPONENT_TYPES).map(([type, list]) => [
        type,
        {
          allOf: [
            {
              anyOf: (contract().components[list] ?? [])
                .filter((c) => c.cloud)
                .map((c) => ({
                  type: "object",
                  properties: { [c.name]: c.config ? fieldSchema(c.config) : {} },
                })),
            },
            { type: "object", properties: fieldsSchema([...reservedFields(type).values()]) },
          ],
        },
      ]),
    ),
  });
  return configSchemaText;
}

// --- GET /v1/redpanda-connect/components ---------------------------------------------------------

const STATUS: Record<string, string> = {
  stable: "COMPONENT_STATUS_STABLE",
  beta: "COMPONENT_STATUS_BETA",
  experimental: "COMPONENT_STATUS_EXPERIMENTAL",
  deprecated: "COMPONENT_STATUS_DEPRECATED",
};

/** A field in the contract's FieldSpec message. */
function fieldView(f: FieldSpec): Record<string, unknown> {
  return {
    name: f.name,
    type: f.type,
    kind: f.kind,
    ...(f.is_advanced ? { advanced: true } : {}),
    ...("default" in f
      ? { default_value: typeof f.default === "string" ? f.default : JSON.stringify(f.default) }
      : {}),
    ...(f.is_optional ? { optional: true } : {}),
    ...(f.is_deprecated ? { deprecated: true } : {}),
    ...(f.children ? { children: f.children.map(fieldView) } : {}),
    ...(f.options ? { annotated_options: f.options.map((value) => ({ value })) } : {}),
    ...(f.version ? { version: f.version } : {}),
  };
}

let componentList: Record<string, unknown> | undefined;

/**
 * The contract's ComponentList of the components Cloud runs, and the Bloblang functions and
 * methods it allows: pure ones only (public/schema/schema.go, Cloud: `OnlyPure()`).
 */
export function components(): Record<string, unknown> {
  const c = contract();
  const bloblang = (items: BloblangEntry[]) =>
    items
      .filter((b) => !b.impure)
      .map((b) => ({
        name: b.name,
        status: b.status,
        ...(b.categories ? { categories: b.categories } : {}),
        ...(b.version ? { version: b.version } : {}),
      }));
  componentList ??= {
    version: c.version,
    ...Object.fromEntries(
      Object.entries(COMPONENT_TYPES).map(([type, list]) => [
        list,
        (c.components[list] ?? [])
          .filter((e) => e.cloud)
          .map((e) => ({
            name: e.name,
            type,
            ...(e.status ? { status: STATUS[e.status] } : {}),
            ...(e.categories ? { categories: e.categories } : {}),
            ...(e.version ? { version: e.version } : {}),
            ...(e.config ? { config: fieldView(e.config) } : {}),
          })),
      ]),
    ),
    bloblang_functions: bloblang(c.bloblang.functions),
    bloblang_methods: bloblang(c.bloblang.methods),
  };
  return componentList;
}
