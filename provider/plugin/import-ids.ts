/**
 * `pulumi import` sends Read an id and no properties. Most kinds read by their id alone; a
 * data-plane kind also needs its cluster's address, so its import id starts with it: the cluster's
 * id (`<clusterId>/<topic name>`; the plugin looks the cluster's data-plane or Schema Registry URL
 * up) or the URL itself (`<dataplaneApiUrl>|<topic name>`, what the migration from a dynamic stack
 * writes: the first `|` ends the URL). The table in docs/plugin.md lists each form.
 * What comes back is the id the lifecycle keeps and the properties its read starts from.
 */
import {
  RedpandaError,
  controlPlaneWire as W,
  fromWire,
  getClients,
  getCluster,
  getNetwork,
  getServerlessCluster,
  listNetworkPeerings,
  listNetworks,
} from "./registry-bridge";
import type { Props } from "./props";

export interface ImportSeed {
  /** The id the lifecycle keeps (a topic's name, an ACL's tuple). */
  id: string;
  /** What the kind's read needs besides the id; optional inputs it reads back live. */
  props: Props;
}

interface ImportForm {
  /** The import id's shape, for messages and docs. */
  form: string;
  /** Which of its cluster's URLs a scoped kind reads through; unscoped kinds read by id. */
  scope?: "dataplane" | "registry";
  /** `/`-separated parts after the scope; the last one takes the rest (it may hold `/`). */
  parts: number;
  seed(parts: string[], url: string): ImportSeed | Promise<ImportSeed>;
  /** Create inputs read from the API record, added to the seed (see fromRecord). */
  record?: (id: string) => Promise<Props>;
}

/** A cluster's (Dedicated, BYOC or Serverless) data-plane and Schema Registry URLs. */
async function clusterUrls(clusterId: string): Promise<{ dataplane: string; registry: string }> {
  const cp = getClients().controlPlane;
  try {
    const c = await getCluster(cp, clusterId);
    return { dataplane: c.dataplane_api?.url ?? "", registry: c.schema_registry?.url ?? "" };
  } catch {
    const s = await getServerlessCluster(cp, clusterId);
    return { dataplane: s.dataplane_api.url, registry: s.schema_registry?.url ?? "" };
  }
}

const byId: ImportForm = { form: "<id>", parts: 1, seed: ([id]) => ({ id: id!, props: {} }) };

/**
 * A control-plane kind whose read reports only what can change in place: its create inputs are
 * read from the record first (`fromWire` of the kind's create shape), so an import holds them all.
 */
function fromRecord(
  schema: Parameters<typeof fromWire>[0],
  get: (id: string) => Promise<unknown>,
): ImportForm {
  return {
    form: "<id>",
    parts: 1,
    seed: ([id]) => ({ id: id!, props: {} }),
    record: async (id) => (fromWire(schema, await get(id)) ?? {}) as Props,
  };
}

/** A data-plane kind: `<clusterId>/<rest>` or `<dataplaneApiUrl>|<rest>`. */
function onCluster(form: string, parts: number, seed: ImportForm["seed"]): ImportForm {
  return { form, scope: "dataplane", parts, seed };
}

/** `<connect cluster>/<name>` or `<name>` (the Connect cluster `redpanda`). */
function connectPart(rest: string): { connect: string; name: string } {
  const at = rest.indexOf("/");
  return at > 0
    ? { connect: rest.slice(0, at), name: rest.slice(at + 1) }
    : { connect: "redpanda", name: rest };
}

const ACL_FIELDS = [
  "resourceType",
  "resourcePatternType",
  "resourceName",
  "principal",
  "host",
  "operation",
  "permissionType",
] as const;

const SR_ACL_FIELDS = [
  "resourceType",
  "patternType",
  "resource",
  "principal",
  "host",
  "operation",
  "permission",
] as const;

/** An ACL's identity: its seven fields joined by `|`, as its lifecycle id is. */
function tupleProps(what: string, fields: readonly string[], tuple: string): Props {
  const values = tuple.split("|");
  if (values.length !== fields.length) {
    throw new RedpandaError(
      `${what}'s import id needs the ${fields.length} fields of its tuple, joined by "|"`,
    );
  }
  return Object.fromEntries(fields.map((f, i) => [f, values[i]]));
}

/** How each kind's import id reads; kinds not listed cannot be imported yet. */
export const IMPORT_FORMS: Record<string, ImportForm> = {
  ResourceGroup: byId,
  Network: fromRecord(W.NetworkCreate, (id) => getNetwork(getClients().controlPlane, id)),
  Cluster: fromRecord(W.ClusterCreate, (id) => getCluster(getClients().controlPlane, id)),
  ServerlessCluster: fromRecord(W.ServerlessClusterCreate, (id) =>
    getServerlessCluster(getClients().controlPlane, id),
  ),
  ServerlessPrivateLink: byId,
  ShadowLink: byId,
  ServiceAccount: byId,
  RoleBinding: byId,
  Group: byId,
  OrganizationRole: byId,
  UserInvite: byId,
  // A bare peering id (what the migration writes) is looked for in every network.
  NetworkPeering: {
    form: "[<networkId>/]<peeringId>",
    parts: 1,
    seed: async ([rest]) => {
      const at = rest!.indexOf("/");
      if (at > 0) return { id: rest!.slice(at + 1), props: { networkId: rest!.slice(0, at) } };
      const cp = getClients().controlPlane;
      for (const n of await listNetworks(cp)) {
        if ((await listNetworkPeerings(cp, n.id)).some((p) => p.id === rest)) {
          return { id: rest!, props: { networkId: n.id } };
        }
      }
      throw new RedpandaError(`no network has a peering ${rest}`);
    },
  },
  // Placeholders for the optional counts make the read report them live.
  Topic: onCluster("<topic name>", 1, ([name], url) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name, partitionCount: 1, replicationFactor: 1 },
  })),
  User: onCluster("<user name>", 1, ([name], url) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name },
  })),
  Role: onCluster("<role name>", 1, ([name], url) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name },
  })),
  RoleAssignment: onCluster("<role name>/<principal>", 2, ([roleName, principal], url) => ({
    id: `${roleName}/${principal}`,
    props: { dataplaneApiUrl: url, roleName, principal },
  })),
  Acl: onCluster(ACL_FIELDS.map((f) => `<${f}>`).join("|"), 1, ([tuple], url) => ({
    id: tuple!,
    props: { dataplaneApiUrl: url, ...tupleProps("an ACL", ACL_FIELDS, tuple!) },
  })),
  Pipeline: onCluster("<pipeline id>", 1, ([id], url) => ({
    id: id!,
    props: { dataplaneApiUrl: url },
  })),
  Secret: onCluster("<secret name>", 1, ([name], url) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name },
  })),
  // The Connect cluster is always `redpanda` on Redpanda Cloud (the input's default): optional.
  Connector: onCluster("[<connect cluster>/]<connector name>", 1, ([rest], url) => {
    const { connect, name } = connectPart(rest!);
    return { id: name, props: { dataplaneApiUrl: url, connectClusterName: connect, name } };
  }),
  ConnectorSecret: onCluster("[<connect cluster>/]<secret id>", 1, ([rest], url) => {
    const { connect, name } = connectPart(rest!);
    return { id: name, props: { dataplaneApiUrl: url, connectClusterName: connect } };
  }),
  // The entity's name is empty for the default client: `<clusterId>/<entityType>/`.
  Quota: onCluster("<entityType>/<entityName>", 1, ([rest], url) => {
    const at = rest!.indexOf("/");
    const entityType = at > 0 ? rest!.slice(0, at) : rest!;
    const entityName = at > 0 ? rest!.slice(at + 1) : "";
    return {
      id: `${entityType}/${entityName}`,
      props: { dataplaneApiUrl: url, entity: { entityType, entityName }, values: [] },
    };
  }),
  SchemaRegistryAcl: {
    form: SR_ACL_FIELDS.map((f) => `<${f}>`).join("|"),
    scope: "registry",
    parts: 1,
    seed: ([tuple], url) => ({
      id: tuple!,
      props: {
        schemaRegistryUrl: url,
        ...tupleProps("a Schema Registry ACL", SR_ACL_FIELDS, tuple!),
      },
    }),
  },
  Schema: {
    form: "<subject>",
    scope: "registry",
    parts: 1,
    seed: ([subject], url) => ({ id: subject!, props: { schemaRegistryUrl: url, subject } }),
  },
};

/** The documented forms of a kind's import id (docs/plugin.md). */
export function importIdForms(type: string): string[] {
  const f = IMPORT_FORMS[type];
  if (!f) return [];
  if (!f.scope) return [f.form];
  const url = f.scope === "dataplane" ? "<dataplaneApiUrl>" : "<schemaRegistryUrl>";
  return [`<clusterId>/${f.form}`, `${url}|${f.form}`];
}

/** Splits `id` into `n` parts at `/`: the last part keeps any further slashes. */
function split(id: string, n: number): string[] | undefined {
  const parts: string[] = [];
  let rest = id;
  for (let i = 1; i < n; i++) {
    const at = rest.indexOf("/");
    if (at <= 0) return undefined;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  if (rest === "") return undefined;
  return [...parts, rest];
}

/** The URL a scoped import id names: `<url>|<rest>`, or `<clusterId>/<rest>` looked up. */
async function scoped(
  type: string,
  form: ImportForm,
  importId: string,
): Promise<{ url: string; rest: string }> {
  const direct = /^(https?:\/\/[^|]+)\|(.+)$/.exec(importId);
  if (direct) return { url: direct[1]!, rest: direct[2]! };
  const at = importId.indexOf("/");
  if (at <= 0) throw formError(type, importId);
  const clusterId = importId.slice(0, at);
  const url = (await clusterUrls(clusterId))[form.scope!];
  if (!url) throw new RedpandaError(`${type}: cluster ${clusterId} has no ${form.scope} URL`);
  return { url, rest: importId.slice(at + 1) };
}

function formError(type: string, importId: string): RedpandaError {
  const forms = importIdForms(type).join(" or ");
  return new RedpandaError(`${type}: the import id "${importId}" is not of the form ${forms}`);
}

/** The lifecycle id and seed properties an import id names, or an error saying its forms. */
export async function importSeed(type: string, importId: string): Promise<ImportSeed> {
  const form = IMPORT_FORMS[type];
  if (!form) throw new RedpandaError(`${type} cannot be imported by id yet (see docs/plugin.md)`);
  const { url, rest } = form.scope
    ? await scoped(type, form, importId)
    : { url: "", rest: importId };
  const parts = split(rest, form.parts);
  if (!parts) throw formError(type, importId);
  const seed = await form.seed(parts, url);
  if (!form.record) return seed;
  return { id: seed.id, props: { ...(await form.record(seed.id)), ...seed.props } };
}
