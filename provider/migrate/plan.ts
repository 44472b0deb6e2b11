/**
 * Moving a stack's resources to the provider plugin's resources without touching the cloud: this
 * package's dynamic-provider resources, and the resources of the Pulumi package bridged from the
 * vendor's Terraform provider (`redpanda:index/topic:Topic`; each kind's terraform.ts). From
 * `pulumi stack export` JSON, a `pulumi import --file` JSON that names every resource again under
 * its plugin type (`redpandacloud:index:<Kind>`) with its import id, and the `pulumi state delete`
 * commands that then drop the old entries from the state (no API call). Pure: no I/O; the command
 * line is ./cli.ts and the steps are in docs/plugin-migration.md and docs/adopt.md.
 */

// PLUGIN_PACKAGE: resource tokens are `redpandacloud:index:<Kind>`; KIND_KEY: the input that names
// a dynamic resource's kind (frozen with the shim).
import type { TerraformMapping } from "../declare/terraform";
import { PACKAGE as PLUGIN_PACKAGE } from "../plugin/config";
import { TYPE_KEY as KIND_KEY } from "../runtime/shim";
import type { Adoption } from "../declare/adopt";
import { ADOPTIONS } from "../kinds/registry";
import { attributesOf } from "./attributes";
import { carriedOf } from "./carry";
import { BY_BRIDGED_TOKEN } from "./mappings";
import { NameBook, identifierOf, shellQuote } from "./names";
import { plain } from "./secret-values";
import type { CarriedValue, ExportedResource, ImportFile, ImportSpec, StackExport } from "./types";

export type { ExportedResource, ImportFile, ImportSpec, StackExport } from "./types";
export { identifierOf, shellQuote } from "./names";

/** Where a moved resource comes from. */
export type Origin = "dynamic" | "bridged";

/** One resource that moves. */
export interface MovedResource {
  /** Its URN in the stack now. */
  urn: string;
  /** The kind, e.g. `Topic`. */
  kind: string;
  /** Whether the state protects it (so `pulumi state delete` needs `--force`). */
  protect: boolean;
  /** The import id written for it. */
  importId: string;
  /** This package's dynamic resource, or the bridged package's. */
  origin: Origin;
}

/** What the migration does, for the command line to write out. */
export interface MigrationPlan {
  /** The `pulumi import --file` JSON. */
  importFile: ImportFile;
  /** The resources that move, in the export's order (dependencies first). */
  moved: MovedResource[];
  /** `pulumi state delete` commands, dependents first, then the providers left unused. */
  deleteCommands: string[];
  /** Dynamic resources of other packages, left as they are. */
  skipped: string[];
  /** Resources of kinds the plugin cannot import yet: they stay as they are. */
  notImportable: { urn: string; kind: string }[];
  /** Values only the old state holds (a bridged user's password), to carry over by hand. */
  carried: CarriedValue[];
}

/** Options of {@link planMigration}. */
export interface PlanOptions {
  /** `--stack <name>` on every printed command; the selected stack when absent. */
  stack?: string;
}

function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

function isDynamic(r: ExportedResource): boolean {
  return r.type === "pulumi-nodejs:dynamic:Resource" || r.type.startsWith("pulumi-nodejs:dynamic/");
}

/** The bridged package's resource types (its provider is `pulumi:providers:redpanda`). */
function isBridged(r: ExportedResource): boolean {
  return r.type.startsWith("redpanda:");
}

/** The providers whose resources move and that nothing else then uses: the old packages'. */
const OLD_PROVIDERS = ["::pulumi:providers:pulumi-nodejs::", "::pulumi:providers:redpanda::"];

/**
 * The plugin's import id of one dynamic resource of `kind`, as the kind declares it
 * (`Adoption.migrate`, its provider/kinds/<kind>/adopt.ts): a kind on one cluster's API is
 * imported as `<the API's URL>|<rest>` (the first `|` ends the URL), the URL the dynamic resource
 * kept in its inputs, so no cluster has to be looked up.
 */
export function importIdOf(r: ExportedResource, kind: string): string {
  const adoption: Adoption | undefined = ADOPTIONS[kind];
  if (!adoption) throw new Error(`${r.urn}: the plugin cannot import a ${kind} yet`);
  if (!r.id) throw new Error(`${r.urn} has no id in the state (a failed create?)`);
  const state = {
    id: r.id,
    input: (key: string, fallback?: string): string => {
      const value = r.inputs?.[key];
      if (value === undefined && fallback !== undefined) return fallback;
      return String(plain(value, `${r.urn} input ${key}`));
    },
  };
  const rest = adoption.migrate(state);
  if (adoption.scope === "organization") return rest;
  const api = adoption.scope === "dataplane" ? "dataplaneApiUrl" : "schemaRegistryUrl";
  return `${state.input(api)}|${rest}`;
}

/** A bridged resource's attributes: its outputs (Terraform's whole state) over its inputs. */
function bridgedValues(r: ExportedResource): Record<string, unknown> {
  return { ...r.inputs, ...r.outputs, id: r.id };
}

/** The plugin's import id of one bridged resource (its kind's terraform.ts). */
export function bridgedImportIdOf(r: ExportedResource, mapping: TerraformMapping): string {
  if (!r.id) throw new Error(`${r.urn} has no id in the state (a failed create?)`);
  return mapping.importId(attributesOf(bridgedValues(r), r.urn));
}

/** What becomes of one resource: it moves, stays (and why), or is none of the migration's business. */
type Verdict =
  | { move: { kind: string; importId: string; origin: Origin; mapping?: TerraformMapping } }
  | { skip: true }
  | { notImportable: string }
  | undefined;

function verdictOf(r: ExportedResource): Verdict {
  if (isDynamic(r)) {
    const kind = r.inputs?.[KIND_KEY];
    if (typeof kind !== "string") return { skip: true };
    if (!ADOPTIONS[kind]) return { notImportable: kind };
    return { move: { kind, importId: importIdOf(r, kind), origin: "dynamic" } };
  }
  if (!isBridged(r)) return undefined;
  const mapping = BY_BRIDGED_TOKEN.get(r.type);
  if (!mapping) return { notImportable: r.type };
  const importId = bridgedImportIdOf(r, mapping);
  return { move: { kind: mapping.kind, importId, origin: "bridged", mapping } };
}

/** The state commands: dependents first, then the old providers nothing else uses. */
function deleteCommandsOf(
  resources: ExportedResource[],
  moved: MovedResource[],
  stackFlag: string,
): string[] {
  // The export lists dependencies before what depends on them, and `pulumi state delete` refuses
  // a resource something else still depends on.
  const commands = [...moved]
    .reverse()
    .map(
      (m) =>
        `pulumi state delete ${shellQuote(m.urn)}${m.protect ? " --force" : ""} --yes${stackFlag}`,
    );
  // The provider the moved resources used, once nothing else uses it: left in the state, the next
  // `pulumi up` would show its deletion as a change.
  const movedUrns = new Set(moved.map((m) => m.urn));
  const providerOf = (r: ExportedResource) =>
    (r.provider as string).split("::").slice(0, -1).join("::");
  const used = (wantMoved: boolean) =>
    new Set(
      resources.filter((r) => movedUrns.has(r.urn) === wantMoved && r.provider).map(providerOf),
    );
  const stillUsed = used(false);
  for (const p of used(true)) {
    if (OLD_PROVIDERS.some((t) => p.includes(t)) && !stillUsed.has(p)) {
      commands.push(`pulumi state delete ${shellQuote(p)} --yes${stackFlag}`);
    }
  }
  return commands;
}

/** The import file and state commands that move a stack's resources to the plugin. */
export function planMigration(exported: StackExport, options: PlanOptions = {}): MigrationPlan {
  const resources = exported.deployment?.resources;
  if (!Array.isArray(resources)) {
    throw new Error("not a `pulumi stack export` document: no deployment.resources");
  }
  const stackFlag = options.stack ? ` --stack ${shellQuote(options.stack)}` : "";
  const root = resources.find((r) => r.type === "pulumi:pulumi:Stack")?.urn;
  const plan: MigrationPlan = {
    importFile: { resources: [] },
    moved: [],
    deleteCommands: [],
    skipped: [],
    notImportable: [],
    carried: [],
  };
  const nameTable: Record<string, string> = {};
  const names = new NameBook();

  for (const r of resources) {
    const verdict = verdictOf(r);
    if (!verdict) continue;
    if ("skip" in verdict) {
      plan.skipped.push(r.urn);
      continue;
    }
    if ("notImportable" in verdict) {
      plan.notImportable.push({ urn: r.urn, kind: verdict.notImportable });
      continue;
    }
    const { kind, importId, origin, mapping } = verdict.move;
    const logicalName = nameOf(r.urn);
    const name = names.claim(logicalName);
    const spec: ImportSpec = { type: `${PLUGIN_PACKAGE}:index:${kind}`, name, id: importId };
    if (name !== logicalName) spec.logicalName = logicalName;
    if (r.parent && r.parent !== root) {
      const key = identifierOf(nameOf(r.parent));
      nameTable[key] = r.parent;
      spec.parent = key;
    }
    plan.importFile.resources.push(spec);
    plan.moved.push({ urn: r.urn, kind, protect: r.protect === true, importId, origin });
    if (mapping) plan.carried.push(...carriedOf(mapping, bridgedValues(r), r.urn, name));
  }

  plan.deleteCommands = deleteCommandsOf(resources, plan.moved, stackFlag);
  if (Object.keys(nameTable).length > 0) plan.importFile.nameTable = nameTable;
  return plan;
}
