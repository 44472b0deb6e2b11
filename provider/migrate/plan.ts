/**
 * Moving a stack's dynamic-provider resources to the provider plugin's resources without touching
 * the cloud: from `pulumi stack export` JSON, a `pulumi import --file` JSON that names every
 * resource again under its plugin type (`redpandacloud:index:<Kind>`) with its import id, and the
 * `pulumi state delete` commands that then drop the dynamic entries from the state (no API call).
 * Pure: no I/O; the command line is ./cli.ts and the steps are in docs/plugin-migration.md.
 */

// PLUGIN_PACKAGE: resource tokens are `redpandacloud:index:<Kind>`; KIND_KEY: the input that names
// a dynamic resource's kind (frozen with the shim).
import { PACKAGE as PLUGIN_PACKAGE } from "../plugin/config";
import { TYPE_KEY as KIND_KEY } from "../runtime/shim";
import type { Adoption } from "../declare/adopt";
import { ADOPTIONS } from "../kinds/registry";

/** Pulumi's marker of a secret value in exported state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** One resource of a `pulumi stack export` deployment (the fields this reads). */
export interface ExportedResource {
  /** The resource's URN. */
  urn: string;
  /** Its type token, `pulumi-nodejs:dynamic/redpanda:Topic` for this package's dynamic kinds. */
  type: string;
  /** The provider's id of the resource. */
  id?: string;
  /** Whether it is a custom resource. */
  custom?: boolean;
  /** Its inputs as the state holds them (secrets may be encrypted). */
  inputs?: Record<string, unknown>;
  /** Its parent's URN. */
  parent?: string;
  /** Whether the engine refuses to delete it. */
  protect?: boolean;
  /** Its provider reference, `<provider URN>::<provider id>`. */
  provider?: string;
}

/** The JSON `pulumi stack export` writes (version 3). */
export interface StackExport {
  /** The format version. */
  version?: number;
  /** The checkpoint. */
  deployment?: { resources?: ExportedResource[] };
}

/** One entry of a `pulumi import --file` JSON. */
export interface ImportSpec {
  /** The plugin's type token. */
  type: string;
  /** The name in the generated code (a valid identifier). */
  name: string;
  /** The resource's name in its URN, when `name` had to be changed to be an identifier. */
  logicalName?: string;
  /** The import id the plugin reads the resource by. */
  id: string;
  /** The parent's key in `nameTable`, for a resource whose parent is not the stack. */
  parent?: string;
}

/** The `pulumi import --file` JSON. */
export interface ImportFile {
  /** Parents (components kept in the state), by the key `parent` uses. */
  nameTable?: Record<string, string>;
  /** The resources to import. */
  resources: ImportSpec[];
}

/** One dynamic resource that moves. */
export interface MovedResource {
  /** Its URN in the stack now. */
  urn: string;
  /** The kind, e.g. `Topic`. */
  kind: string;
  /** Whether the state protects it (so `pulumi state delete` needs `--force`). */
  protect: boolean;
  /** The import id written for it. */
  importId: string;
}

/** What the migration does, for the command line to write out. */
export interface MigrationPlan {
  /** The `pulumi import --file` JSON. */
  importFile: ImportFile;
  /** The resources that move, in the export's order (dependencies first). */
  moved: MovedResource[];
  /** `pulumi state delete` commands, dependents first, then the dynamic providers left unused. */
  deleteCommands: string[];
  /** Dynamic resources of other packages, left as they are. */
  skipped: string[];
  /** This package's resources of kinds the plugin cannot import yet: they stay dynamic. */
  notImportable: { urn: string; kind: string }[];
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

/** A plain value from exported state; a secret only in the `--show-secrets` form. */
function plain(value: unknown, what: string): unknown {
  if (value === undefined) throw new Error(`${what} is missing from the state`);
  if (value && typeof value === "object" && SECRET_SIG in value) {
    const secret = value as { plaintext?: string };
    if (secret.plaintext === undefined) {
      throw new Error(
        `${what} is encrypted in the export: run \`pulumi stack export --show-secrets\` instead`,
      );
    }
    return JSON.parse(secret.plaintext) as unknown;
  }
  return value;
}

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

/** A JavaScript/Go/Python identifier from a resource name (`orders-topic` → `ordersTopic`). */
export function identifierOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
  return /^[A-Za-z_]/.test(joined) ? joined : `r${joined}`;
}

/** Quotes a word for a POSIX shell. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The import file and state commands that move a stack's dynamic resources to the plugin. */
export function planMigration(exported: StackExport, options: PlanOptions = {}): MigrationPlan {
  const resources = exported.deployment?.resources;
  if (!Array.isArray(resources)) {
    throw new Error("not a `pulumi stack export` document: no deployment.resources");
  }
  const stackFlag = options.stack ? ` --stack ${shellQuote(options.stack)}` : "";
  const root = resources.find((r) => r.type === "pulumi:pulumi:Stack")?.urn;
  const moved: MovedResource[] = [];
  const specs: ImportSpec[] = [];
  const nameTable: Record<string, string> = {};
  const names = new Set<string>();
  const skipped: string[] = [];
  const notImportable: { urn: string; kind: string }[] = [];
  const movedUrns = new Set<string>();

  for (const r of resources) {
    if (!isDynamic(r)) continue;
    const kind = r.inputs?.[KIND_KEY];
    if (typeof kind !== "string") {
      skipped.push(r.urn);
      continue;
    }
    if (!ADOPTIONS[kind]) {
      notImportable.push({ urn: r.urn, kind });
      continue;
    }
    const importId = importIdOf(r, kind);
    const logicalName = nameOf(r.urn);
    let name = identifierOf(logicalName);
    for (let n = 2; names.has(name); n++) name = `${identifierOf(logicalName)}${n}`;
    names.add(name);
    const spec: ImportSpec = { type: `${PLUGIN_PACKAGE}:index:${kind}`, name, id: importId };
    if (name !== logicalName) spec.logicalName = logicalName;
    if (r.parent && r.parent !== root) {
      const key = identifierOf(nameOf(r.parent));
      nameTable[key] = r.parent;
      spec.parent = key;
    }
    specs.push(spec);
    moved.push({ urn: r.urn, kind, protect: r.protect === true, importId });
    movedUrns.add(r.urn);
  }

  // Dependents first: the export lists dependencies before what depends on them, and
  // `pulumi state delete` refuses a resource something else still depends on.
  const deleteCommands = [...moved]
    .reverse()
    .map(
      (m) =>
        `pulumi state delete ${shellQuote(m.urn)}${m.protect ? " --force" : ""} --yes${stackFlag}`,
    );
  // The dynamic provider the moved resources used, once nothing else uses it: left in the state,
  // the next `pulumi up` would show its deletion as a change.
  const providers = new Set(
    resources
      .filter((r) => movedUrns.has(r.urn) && r.provider)
      .map((r) => (r.provider as string).split("::").slice(0, -1).join("::")),
  );
  const stillUsed = new Set(
    resources
      .filter((r) => !movedUrns.has(r.urn) && r.provider)
      .map((r) => (r.provider as string).split("::").slice(0, -1).join("::")),
  );
  for (const p of providers) {
    if (p.includes("::pulumi:providers:pulumi-nodejs::") && !stillUsed.has(p)) {
      deleteCommands.push(`pulumi state delete ${shellQuote(p)} --yes${stackFlag}`);
    }
  }

  const importFile: ImportFile = { resources: specs };
  if (Object.keys(nameTable).length > 0) importFile.nameTable = nameTable;
  return { importFile, moved, deleteCommands, skipped, notImportable };
}
