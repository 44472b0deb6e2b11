/**
 * Generates sdk/schema.json, the Pulumi package schema of the `redpandacloud` provider plugin, from
 * the same declarations the dynamic providers use: every kind (provider/kinds) is a resource with
 * its inputs, outputs, docs, secrets, defaults, enums and replace-on-change inputs; every lookup
 * (each kind folder's lookups.ts, provider/lookups/operation.ts: ./lookup-types.ts) is a function;
 * the provider's settings (provider/transport/settings.ts) are its config, with the REDPANDA_*
 * environment variables as fallbacks. A resource's or function's description ends with its example
 * (sdk/examples/<Name>.yaml and its conversions) and a resource's with how to import it
 * (./examples.ts). The SDKs are generated from this file by scripts/sdkgen.sh.
 *
 *   npm run codegen            # write it
 *   npm run codegen -- --check # fail if the checked-in file disagrees (the unit tests do this)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import { NAMED_ENUMS } from "../../provider/enums";
import type { Field, Kind } from "../../provider/declare/declare";
import { ADOPTIONS, KINDS } from "../../provider/kinds/registry";
import { duration } from "../../provider/declare/fields";
import * as WIRE from "../../provider/wire/nested-schemas";
import { SETTINGS_ENV, resolveSettings } from "../../provider/transport/settings";
import type { ProviderSettings } from "../../provider/transport/settings";
import { exampleNames, examplesSection, importSection, withExamples } from "./examples";
import { lookupFunctions } from "./lookup-types";
import type { ObjectTypeSpec, PropertySpec, TypeSpec } from "./pulumi-schema";
import { PACKAGE, TypeRegistry, token, typeRef } from "./pulumi-schema";
import { REPO, inputDoc } from "./resources";
import type { Def } from "./zod";
import { def, described, enumValues, isInt, namedEnum, unwrap } from "./zod";

export const SCHEMA_FILE = path.join("sdk", "schema.json");

/** The Go module the SDK is published as (sdk/go/go.mod) and the package programs import. */
export const GO_IMPORT_BASE_PATH =
  "github.com/redpanda-cloud-pulumi/pulumi-redpanda-cloud/sdk/go/redpandacloud";
/** The npm package of the Node.js SDK (not `@pulumi/...`: that scope is Pulumi's). */
export const NODEJS_PACKAGE = "@pulumi-redpanda-cloud/redpandacloud";
/** The .NET namespace (`RedpandaCloudPulumi.Redpandacloud`; `Pulumi.*` is Pulumi's). */
const CSHARP_ROOT_NAMESPACE = "RedpandaCloudPulumi";
/** The Java package (`io.github.redpandacloudpulumi.redpandacloud`; `com.pulumi` is Pulumi's). */
const JAVA_BASE_PACKAGE = "io.github.redpandacloudpulumi";
/** The Java SDK the Java SDK builds on: the release of the generator scripts/sdkgen/java uses. */
const JAVA_SDK_VERSION = "1.12.0";

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The wire types of the vendor's nested objects (provider/wire/nested-schemas.ts), by definition: a
 * `.describe()`d use of one is another schema with the same definition.
 */
const WIRE_TYPES = new Map<Def, string>(
  Object.entries(WIRE)
    .filter(([, s]) => typeof s === "object" && s !== null && "_zod" in s)
    .map(([n, s]) => [def(s as z.ZodType), pascal(n)]),
);

/** The timeouts input's three phases, each a duration (fields.ts `duration`). */
const TIMEOUT_PHASES: Record<string, string> = {
  create: "How long a create may take",
  update: "How long an update may take",
  delete: "How long a delete may take",
};

/** Builds the schema's types from zod schemas; shared by every kind so each type is made once. */
class ZodTypes {
  private readonly objects = new Map<Def, string>();
  /** Names given to schemas by a kind's `types` (`ByocAgentArgs` → `ByocAgent`). */
  private readonly preferred = new Map<Def, string>(WIRE_TYPES);

  /** Names a kind's nested types after its `types` declaration. */
  name(kind: Kind): void {
    for (const [n, s] of Object.entries(kind.types ?? {})) this.preferred.set(def(s), typeName(n));
  }

  constructor(private readonly types: TypeRegistry) {}

  /** The schema type of a zod schema; `owner` names anonymous objects and enums inside it. */
  spec(s: z.ZodType, owner: string): TypeSpec {
    const d = def(s);
    switch (d.type) {
      case "optional":
      case "default":
        return this.spec(unwrap(s).inner, owner);
      case "pipe":
        return this.spec(d.in as z.ZodType, owner);
      case "string":
        return { type: "string" };
      case "number":
        return { type: isInt(s) ? "integer" : "number" };
      case "boolean":
        return { type: "boolean" };
      case "unknown":
        return { $ref: "pulumi.json#/Any" };
      case "literal":
        return { type: "string" };
      case "enum":
        return this.enumType(enumValues(s), owner);
      case "array":
        return { type: "array", items: this.spec(d.element as z.ZodType, singularOwner(owner)) };
      case "record":
        return {
          type: "object",
          additionalProperties: this.spec(d.valueType as z.ZodType, owner),
        };
      case "union": {
        const options = (d.options ?? []).map((o) => this.spec(o, owner));
        return { oneOf: options };
      }
      case "object":
        return this.objectType(s, this.preferred.get(d) ?? owner);
      default:
        throw new Error(`codegen: no schema type for a zod ${d.type} (${owner})`);
    }
  }

  /** A named enum (provider/enums.ts), or one named after its owner. */
  enumType(values: readonly string[], owner: string): TypeSpec {
    const name = namedEnum(values) ?? owner;
    this.types.define(name, {
      type: "string",
      description: `One of ${values.map((v) => `\`${v}\``).join(", ")}.`,
      enum: enumMembers(values),
    });
    return typeRef(name);
  }

  /** A named object type; its members' docs are their `.describe()` lines. */
  objectType(s: z.ZodType, wanted: string, description?: string): TypeSpec {
    // One schema is one type, under the name it was first reached by.
    const name = this.objects.get(def(s)) ?? wanted;
    if (!this.objects.has(def(s))) {
      if (this.types.has(name)) throw new Error(`codegen: two different types are named ${name}`);
      this.objects.set(def(s), name);
      this.types.reserve(name);
      const shape = def(s).shape ?? {};
      const properties: Record<string, PropertySpec> = {};
      const required: string[] = [];
      for (const [key, member] of Object.entries(shape)) {
        const { optional, defaultValue } = unwrap(member);
        properties[key] = {
          ...this.spec(member, name + pascal(key)),
          ...primitiveDefault(defaultValue),
          ...(described(member) ? { description: described(member) } : {}),
          ...csharpLanguage(name, key),
        };
        if (!optional) required.push(key);
      }
      const spec: ObjectTypeSpec = {
        type: "object",
        description:
          description ??
          described(s) ??
          (!WIRE_TYPES.has(def(s))
            ? `A nested value of ${name.replace(/([a-z])([A-Z])/g, "$1 $2")}.`
            : Object.keys(shape).length === 0
              ? `The vendor's ${name} object: always empty (\`{}\`).`
              : `The vendor's ${name} object, keyed in camelCase.`),
        properties,
        ...(required.length ? { required } : {}),
      };
      this.types.define(name, spec);
    }
    return typeRef(name);
  }

  /** The shared `Timeouts` type: three optional durations. */
  timeouts(): TypeSpec {
    if (!this.types.has("Timeouts")) {
      const each = this.spec(duration, "Duration");
      this.types.define("Timeouts", {
        type: "object",
        description:
          'Deadlines of a resource\'s phases, each a duration such as "30s", "15m", "2h" or a number of minutes.',
        properties: Object.fromEntries(
          Object.entries(TIMEOUT_PHASES).map(([phase, doc]) => [
            phase,
            { ...each, description: `${doc}.` },
          ]),
        ),
      });
    }
    return typeRef("Timeouts");
  }
}

/** `TopicReplicaAssignments` → `TopicReplicaAssignment`: the name of one element of a list. */
const singularOwner = (owner: string) => owner.replace(/ies$/, "y").replace(/s$/, "");

/**
 * An enum's members, named without the words every value shares: `CLOUD_PROVIDER_AWS` is `Aws`
 * (Go `CloudProviderAws`, Python `CloudProvider.AWS`), `TYPE_BYOC` is `Byoc`.
 */
export function enumMembers(values: readonly string[]): { name?: string; value: string }[] {
  const words = values.map((v) => v.split("_"));
  let shared = 0;
  while (
    words.length > 1 &&
    words.every((w) => w.length > shared + 1 && w[shared] === words[0]![shared])
  )
    shared++;
  // Fewer shared words when the rest would not make names (`SCRAM_SHA_256` → `Sha256`, not `256`).
  for (; shared >= 0; shared--) {
    const names = words.map((w) =>
      w
        .slice(shared)
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
        .join(""),
    );
    if (new Set(names).size === names.length && names.every((n) => /^[A-Za-z]\w*$/.test(n)))
      return values.map((value, i) => ({ name: names[i], value }));
  }
  return values.map((value) => ({ value }));
}

/** A default the schema can carry: only primitives (the rest is said in the description). */
function primitiveDefault(value: unknown): { default?: string | number | boolean } {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? { default: value }
    : {};
}

/**
 * C#'s names of the properties whose PascalCase name is their class's own (`Schema.schema` would be
 * a property `Schema` in class `Schema`: C# refuses a member named as its enclosing type, CS0542),
 * by `<resource or type>.<property>`. The other SDKs keep the schema's name.
 */
const CSHARP_NAMES: Record<string, string> = {
  "Schema.schema": "SchemaDefinition",
};

/**
 * A property's `language` entry: its C# name when its PascalCase name is `owner`'s, the class that
 * holds it. One with no name in CSHARP_NAMES is a generator error that says what to add.
 */
function csharpLanguage(owner: string, name: string): Pick<PropertySpec, "language"> {
  if (pascal(name) !== owner) return {};
  const csharp = CSHARP_NAMES[`${owner}.${name}`];
  if (!csharp) {
    throw new Error(
      `codegen: ${owner}'s property ${name} would be a C# property ${owner} in class ${owner} (CS0542): name it for C# in scripts/codegen/schema.ts CSHARP_NAMES["${owner}.${name}"]`,
    );
  }
  return { language: { csharp: { name: csharp } } };
}

/** The schema name of a kind's named nested type: `ByocAgentArgs` → `ByocAgent`. */
const typeName = (publicType: string) => publicType.replace(/Args$/, "");

/** The schema type of an input's value. */
function fieldType(kind: Kind, name: string, f: Field, zt: ZodTypes): TypeSpec {
  if (f.publicType === "Timeouts") return zt.timeouts();
  return zt.spec(unwrap(f.schema).inner, kind.type + pascal(name));
}

/** One kind as a resource: inputs (`inputProperties`) and state (`properties`). */
function resourceSpec(kind: Kind, zt: ZodTypes) {
  const inputProperties: Record<string, PropertySpec> = {};
  const requiredInputs: string[] = [];
  // The state holds the inputs as given and what the API computes.
  const properties: Record<string, PropertySpec> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(kind.fields)) {
    const { optional, defaultValue } = unwrap(f.schema);
    const value: PropertySpec = {
      ...fieldType(kind, name, f, zt),
      ...(f.secret ? { secret: true } : {}),
      ...(f.change === "replace" ? { replaceOnChanges: true } : {}),
      ...csharpLanguage(kind.type, name),
    };
    inputProperties[name] = {
      ...value,
      ...(f.plain ? { plain: true } : {}),
      description: inputDoc(kind, name, f),
      ...primitiveDefault(defaultValue),
    };
    properties[name] = {
      ...value,
      description: kind.outputs[name]?.doc ?? inputDoc(kind, name, f),
    };
    if (!optional) {
      requiredInputs.push(name);
      required.push(name);
    }
  }
  for (const [name, o] of Object.entries(kind.outputs)) {
    if (name in kind.fields) continue;
    properties[name] = {
      ...zt.spec(o.schema, kind.type + pascal(name)),
      description: o.doc,
      ...(o.secret ? { secret: true } : {}),
      ...csharpLanguage(kind.type, name),
    };
    if (!unwrap(o.schema).optional) required.push(name);
  }
  const defaults = kind.timeouts ? ` Default timeouts: ${timeoutLine(kind)}.` : "";
  return {
    description: `${kind.doc}${defaults}`,
    inputProperties,
    requiredInputs,
    properties,
    required,
  };
}

const timeoutLine = (kind: Kind) =>
  Object.entries(kind.timeouts ?? {})
    .map(([phase, m]) => `${phase} ${m} min`)
    .join(", ");

/**
 * Every provider setting: its doc line (the type and default come from the settings' defaults).
 * `allowPlainHttp` is not config: the environment alone sets it (settings.ts says why).
 */
const CONFIG_DOCS: Record<
  | Exclude<keyof ProviderSettings, "requestDeadlineMs" | "allowPlainHttp">
  | "requestDeadlineSeconds",
  { doc: string; secret?: boolean; type?: "integer" }
> = {
  apiUrl: { doc: "The control-plane API's URL" },
  accessToken: {
    doc: "A bearer token for the APIs; instead of `clientId` and `clientSecret`",
    secret: true,
  },
  clientId: { doc: "The OAuth client id of a service account" },
  clientSecret: { doc: "The OAuth client secret of a service account", secret: true },
  authUrl: { doc: "The OAuth token endpoint the client credentials are exchanged at" },
  audience: { doc: "The OAuth audience of the tokens" },
  requestTimeoutMs: { doc: "Timeout of one HTTP request, in milliseconds" },
  // The setting is kept in milliseconds (requestDeadlineMs); its config key is in seconds.
  requestDeadlineSeconds: {
    doc: "How long one logical request is retried, in seconds, from its first send. Default 120",
    type: "integer",
  },
  maxConcurrentPerHost: { doc: "Requests in flight at once per API host" },
  adaptiveRate: {
    doc: "Pace requests per host by the API's quota headers and 429 answers (`false` turns it off)",
  },
};
/** Settings read outside `resolveSettings` (provider/runtime/context.ts). */
const STACK_CONFIG: Record<string, PropertySpec> = {
  allowDeletion: {
    type: "boolean",
    description:
      "Allow deleting and replacing the kinds that hold data (clusters, serverless clusters, topics, schemas, shadow links) whose own `allowDeletion` is unset. Default false.",
  },
};

/** The provider's config: every setting, its REDPANDA_* fallback and its default. */
export function configVariables(): Record<string, PropertySpec> {
  const defaults = resolveSettings(() => undefined, {});
  const variables: Record<string, PropertySpec> = {};
  for (const [key, { doc, secret, type: declared }] of Object.entries(CONFIG_DOCS)) {
    const value = defaults[key as keyof ProviderSettings];
    const type = declared
      ? declared
      : typeof value === "number"
        ? Number.isInteger(value)
          ? "integer"
          : "number"
        : typeof value === "boolean"
          ? "boolean"
          : "string";
    const env = SETTINGS_ENV[key];
    variables[key] = {
      type,
      description: `${doc}.${value !== undefined ? ` Default \`${String(value)}\`.` : ""}${env ? ` Falls back to the environment variable \`${env}\`.` : ""}`,
      ...(env ? { defaultInfo: { environment: [env] } } : {}),
      ...(secret ? { secret: true } : {}),
    };
  }
  return { ...variables, ...STACK_CONFIG };
}

/** The whole package schema. */
export function packageSchema(): Record<string, unknown> {
  const types = new TypeRegistry();
  const zt = new ZodTypes(types);
  for (const n of Object.keys(NAMED_ENUMS)) zt.enumType(NAMED_ENUMS[n]!, n);
  const resources: Record<string, unknown> = {};
  for (const kind of Object.values(KINDS)) zt.name(kind);
  for (const kind of Object.values(KINDS)) {
    const spec = resourceSpec(kind, zt);
    const adoption = ADOPTIONS[kind.type];
    spec.description = withExamples(
      spec.description,
      examplesSection(REPO, kind.type),
      adoption ? importSection(kind.type, adoption) : "",
    );
    resources[token(kind.type)] = spec;
  }
  const functions = lookupFunctions(types);
  for (const [tok, fn] of Object.entries(functions)) {
    fn.description = withExamples(fn.description, examplesSection(REPO, tok.split(":")[2]!));
  }
  // An example names what it shows by its file's name: one that names nothing is a typo.
  for (const name of exampleNames(REPO)) {
    if (!(token(name) in resources) && !(token(name) in functions)) {
      throw new Error(
        `codegen: sdk/examples/${name}.yaml names no resource or function (<Name> is the last part of its token: Topic, getRegion)`,
      );
    }
  }
  const version = (
    JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }
  ).version;
  const config = configVariables();
  return {
    name: PACKAGE,
    displayName: "Redpanda Cloud",
    version,
    description:
      "Redpanda Cloud's control plane and data plane (clusters, networks, topics, users, ACLs, connectors, ...), from the declarations of pulumi-redpanda-cloud.",
    keywords: ["pulumi", "redpanda", "kafka", "category/cloud", "kind/native"],
    license: "Apache-2.0",
    publisher: "pulumi-redpanda-cloud",
    meta: { moduleFormat: "(.*)", supportPack: true },
    config: { variables: config },
    provider: {
      description: "The redpandacloud provider: one set of API settings and credentials.",
      inputProperties: config,
    },
    types: types.toJSON(),
    resources,
    functions,
    language: {
      go: { importBasePath: GO_IMPORT_BASE_PATH, respectSchemaVersion: true },
      nodejs: { packageName: NODEJS_PACKAGE, respectSchemaVersion: true },
      python: { respectSchemaVersion: true, pyproject: { enabled: true } },
      // Generated, not tested here (sdk/README.md says why).
      csharp: { rootNamespace: CSHARP_ROOT_NAMESPACE, respectSchemaVersion: true },
      java: {
        basePackage: JAVA_BASE_PACKAGE,
        buildFiles: "gradle",
        dependencies: { "com.pulumi:pulumi": JAVA_SDK_VERSION },
      },
    },
  };
}

/**
 * The file's expected text. The declarations' docs name the dynamic providers' config namespace
 * (`redpanda:allowDeletion`); the plugin's is its package name.
 */
export function renderSchema(): string {
  return `${JSON.stringify(packageSchema(), null, 2)}\n`.replace(
    /`redpanda:(\w+)`/g,
    `\`${PACKAGE}:$1\``,
  );
}

/** Whether the checked-in sdk/schema.json is stale: the reason, or undefined. */
export function staleSchema(): string | undefined {
  const full = path.join(REPO, SCHEMA_FILE);
  const actual = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : "";
  const expected = renderSchema();
  if (actual === expected) return undefined;
  const a = actual.split("\n");
  const e = expected.split("\n");
  const line = e.findIndex((l, i) => l !== a[i]);
  return `${SCHEMA_FILE} disagrees with the declarations at line ${line + 1}: expected ${JSON.stringify(e[line] ?? "")}, found ${JSON.stringify(a[line] ?? "")} (run npm run codegen, then npm run sdk)`;
}

function main(): void {
  if (process.argv.includes("--check")) {
    const stale = staleSchema();
    if (stale) console.error(stale);
    process.exit(stale ? 1 : 0);
  }
  const full = path.join(REPO, SCHEMA_FILE);
  const text = renderSchema();
  if (fs.existsSync(full) && fs.readFileSync(full, "utf8") === text) return;
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  console.log(`wrote ${SCHEMA_FILE}`);
}

if (require.main === module) main();
