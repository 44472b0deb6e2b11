/**
 * Which Redpanda kind a resource is, through either front door, from the package's own declaration
 * of its kinds: the provider plugin's schema (`sdk/schema.json`, generated from the kind folders by
 * `npm run codegen` and shipped in the package). A plugin resource's type is the schema's token,
 * `redpandacloud:index:<Kind>`; a dynamic-provider resource carries the same kind name in its
 * `_rpType` input (runtime/shim.ts). Both doors' inputs are the same camelCase wire fields.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { TYPE_KEY } from "../runtime/shim";

/** The kinds the package declares, with the inputs of each. */
export interface KindCatalog {
  /** The plugin's package name, the first part of its tokens (`redpandacloud`). */
  readonly packageName: string;
  /** Kind name (`Topic`) → its input names. */
  readonly inputs: ReadonlyMap<string, ReadonlySet<string>>;
}

interface SchemaShape {
  name: string;
  resources: Record<string, { inputProperties?: Record<string, unknown> }>;
}

/** The first `sdk/schema.json` at or above `start` (sources, build and installed package alike). */
export function findSchema(start: string = __dirname): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "sdk", "schema.json");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) {
      throw new Error(`no sdk/schema.json at or above ${start}: run \`npm run codegen\``);
    }
  }
}

export function readCatalog(schemaFile: string = findSchema()): KindCatalog {
  const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8")) as SchemaShape;
  const prefix = `${schema.name}:index:`;
  const inputs = new Map<string, ReadonlySet<string>>();
  for (const [token, resource] of Object.entries(schema.resources)) {
    if (!token.startsWith(prefix)) continue;
    inputs.set(token.slice(prefix.length), new Set(Object.keys(resource.inputProperties ?? {})));
  }
  return { packageName: schema.name, inputs };
}

/**
 * The kind of a resource the engine shows a policy, or undefined when it is not one of ours:
 * `redpandacloud:index:Topic`, or a dynamic resource (`pulumi-nodejs:dynamic/redpanda:Topic`, or
 * `pulumi-nodejs:dynamic:Resource` of hand-written dynamic resources) whose `_rpType` is `Topic`.
 */
export function kindOf(
  catalog: KindCatalog,
  type: string,
  props: Record<string, unknown>,
): string | undefined {
  const prefix = `${catalog.packageName}:index:`;
  let kind: unknown;
  if (type.startsWith(prefix)) kind = type.slice(prefix.length);
  else if (type.startsWith("pulumi-nodejs:dynamic")) kind = props[TYPE_KEY];
  return typeof kind === "string" && catalog.inputs.has(kind) ? kind : undefined;
}

/** The kinds that hold data: those that declare `allowDeletion` (README, "Safe deletion"). */
export function dataKinds(catalog: KindCatalog): string[] {
  return [...catalog.inputs].filter(([, names]) => names.has("allowDeletion")).map(([k]) => k);
}
