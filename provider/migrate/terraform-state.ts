/**
 * Reads a Terraform state in either of the forms Terraform gives: the state file itself, version 4
 * (`terraform state pull`, `terraform.tfstate`), or `terraform show -json` of it (format 1.x). Both
 * become one list of resource instances with their addresses, as `terraform state rm` takes them.
 */

/** One resource instance of the state. */
export interface StateInstance {
  /** Its address: `module.kafka.redpanda_topic.events["clicks"]`, `data.redpanda_cluster.main`. */
  address: string;
  /** `managed` for a resource, `data` for a data source. */
  mode: string;
  /** The resource type: `redpanda_topic`. */
  type: string;
  /** The resource's name in the configuration: `events`. */
  name: string;
  /** The `count` index or the `for_each` key, when it has one. */
  indexKey?: string | number;
  /** The modules it is in, outermost first: `["kafka"]`. */
  modules: string[];
  /** The provider's source address: `registry.terraform.io/redpanda-data/redpanda`. */
  provider: string;
  /** Its attributes as the state holds them. */
  attributes: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** `["clicks"]` or `[0]`: an instance key as addresses write it. */
function keyPart(key: string | number | undefined): string {
  if (key === undefined) return "";
  return typeof key === "number" ? `[${key}]` : `[${JSON.stringify(key)}]`;
}

/** `module.a.module.b` → `["a", "b"]` (a module's own key, `module.a["x"]`, stays in its name). */
function modulesOf(path: string | undefined): string[] {
  if (!path) return [];
  return [...path.matchAll(/module\.([^.[]+(?:\[[^\]]*\])?)/g)].map((m) => m[1]!);
}

/** `provider["registry.terraform.io/redpanda-data/redpanda"].alias` → its source address. */
function providerSource(ref: unknown): string {
  const text = String(ref ?? "");
  return /provider\["([^"]+)"\]/.exec(text)?.[1] ?? text;
}

/** The state file, version 4. */
function fromStateFile(state: Json): StateInstance[] {
  const resources = state.resources;
  if (!Array.isArray(resources)) throw new Error("a version 4 state without `resources`");
  return (resources as Json[]).flatMap((r) => {
    const module = typeof r.module === "string" ? r.module : undefined;
    const mode = String(r.mode ?? "managed");
    const type = String(r.type);
    const name = String(r.name);
    const base = `${module ? `${module}.` : ""}${mode === "data" ? "data." : ""}${type}.${name}`;
    return ((r.instances ?? []) as Json[]).map((i) => {
      const indexKey = i.index_key as string | number | undefined;
      return {
        address: `${base}${keyPart(indexKey)}`,
        mode,
        type,
        name,
        indexKey,
        modules: modulesOf(module),
        provider: providerSource(r.provider),
        attributes: (i.attributes ?? {}) as Json,
      };
    });
  });
}

/** `terraform show -json`: the root module and its child modules, recursively. */
function fromShowJson(doc: Json): StateInstance[] {
  const root = (doc.values as Json | undefined)?.root_module as Json | undefined;
  if (!root) return []; // an empty state shows no `values`
  const out: StateInstance[] = [];
  const walk = (module: Json) => {
    for (const r of (module.resources ?? []) as Json[]) {
      out.push({
        address: String(r.address),
        mode: String(r.mode ?? "managed"),
        type: String(r.type),
        name: String(r.name),
        indexKey: r.index as string | number | undefined,
        modules: modulesOf(module.address as string | undefined),
        provider: String(r.provider_name ?? ""),
        attributes: (r.values ?? {}) as Json,
      });
    }
    for (const child of (module.child_modules ?? []) as Json[]) walk(child);
  };
  walk(root);
  return out;
}

/** Every resource instance of a state, in either form; a clear error for anything else. */
export function readTerraformState(doc: unknown): StateInstance[] {
  if (typeof doc !== "object" || doc === null) throw new Error("not a Terraform state (not JSON)");
  const d = doc as Json;
  if (d.version === 4) return fromStateFile(d);
  if (typeof d.format_version === "string") {
    if (d.planned_values !== undefined || d.resource_changes !== undefined) {
      throw new Error("this is a plan (`terraform show -json <planfile>`): give the state instead");
    }
    return fromShowJson(d);
  }
  if (typeof d.version === "number") {
    throw new Error(`a version ${d.version} state: Terraform 0.12 and later write version 4`);
  }
  throw new Error(
    "not a Terraform state: give `terraform state pull` (version 4) or `terraform show -json`",
  );
}
