/**
 * `pulumi import` sends Read an id and no properties. Most kinds read by their id alone; a
 * data-plane kind also needs its cluster's address, so its import id starts with the cluster's id
 * (`<clusterId>/<topic name>`), the way the control plane names it, and the plugin looks the
 * cluster's data-plane (or Schema Registry) URL up. The table in docs/plugin.md lists each form.
 * What comes back is the id the lifecycle keeps and the properties its read starts from.
 */
import { RedpandaError, getClients } from "./registry-bridge";
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
  /** Parts after the first, each one `/`-separated part except the last, which takes the rest. */
  parts: number;
  seed(parts: string[]): Promise<ImportSeed>;
}

/** A cluster's (Dedicated, BYOC or Serverless) data-plane and Schema Registry URLs. */
async function clusterUrls(clusterId: string): Promise<{ dataplane: string; registry: string }> {
  const cp = getClients().controlPlane;
  try {
    const c = await cp.getCluster(clusterId);
    return { dataplane: c.dataplane_api?.url ?? "", registry: c.schema_registry?.url ?? "" };
  } catch {
    const s = await cp.getServerlessCluster(clusterId);
    return { dataplane: s.dataplane_api.url, registry: s.schema_registry?.url ?? "" };
  }
}

const byId: ImportForm = {
  form: "<id>",
  parts: 1,
  seed: async ([id]) => ({ id: id!, props: {} }),
};

/** A data-plane kind: `<clusterId>/<rest...>`; `seed` builds its props from the URL and parts. */
function onCluster(
  form: string,
  parts: number,
  seed: (url: string, rest: string[]) => ImportSeed,
): ImportForm {
  return {
    form: `<clusterId>/${form}`,
    parts: parts + 1,
    seed: async ([clusterId, ...rest]) => {
      const url = (await clusterUrls(clusterId!)).dataplane;
      if (!url) throw new RedpandaError(`cluster ${clusterId} has no data-plane URL yet`);
      return seed(url, rest);
    },
  };
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

/** How each kind's import id reads; kinds not listed cannot be imported yet. */
export const IMPORT_FORMS: Record<string, ImportForm> = {
  ResourceGroup: byId,
  Network: byId,
  Cluster: byId,
  ServerlessCluster: byId,
  ServerlessPrivateLink: byId,
  ShadowLink: byId,
  ServiceAccount: byId,
  RoleBinding: byId,
  Group: byId,
  OrganizationRole: byId,
  UserInvite: byId,
  NetworkPeering: {
    form: "<networkId>/<peeringId>",
    parts: 2,
    seed: async ([networkId, id]) => ({ id: id!, props: { networkId } }),
  },
  // Placeholders for the optional counts make the read report them live.
  Topic: onCluster("<topic name>", 1, (url, [name]) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name, partitionCount: 1, replicationFactor: 1 },
  })),
  User: onCluster("<user name>", 1, (url, [name]) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name },
  })),
  Role: onCluster("<role name>", 1, (url, [name]) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name },
  })),
  RoleAssignment: onCluster("<role name>/<principal>", 2, (url, [roleName, principal]) => ({
    id: `${roleName}/${principal}`,
    props: { dataplaneApiUrl: url, roleName, principal },
  })),
  Acl: onCluster(
    "<resourceType>|<resourcePatternType>|<resourceName>|<principal>|<host>|<operation>|<permissionType>",
    1,
    (url, [tuple]) => {
      const values = tuple!.split("|");
      if (values.length !== ACL_FIELDS.length) {
        throw new RedpandaError(
          `an ACL's import id needs the 7 fields of its tuple, joined by "|"`,
        );
      }
      return {
        id: tuple!,
        props: {
          dataplaneApiUrl: url,
          ...Object.fromEntries(ACL_FIELDS.map((f, i) => [f, values[i]])),
        },
      };
    },
  ),
  Pipeline: onCluster("<pipeline id>", 1, (url, [id]) => ({
    id: id!,
    props: { dataplaneApiUrl: url },
  })),
  Secret: onCluster("<secret name>", 1, (url, [name]) => ({
    id: name!,
    props: { dataplaneApiUrl: url, name },
  })),
  Connector: onCluster("<connect cluster>/<connector name>", 2, (url, [connect, name]) => ({
    id: name!,
    props: { dataplaneApiUrl: url, connectClusterName: connect, name },
  })),
  ConnectorSecret: onCluster("<connect cluster>/<secret id>", 2, (url, [connect, id]) => ({
    id: id!,
    props: { dataplaneApiUrl: url, connectClusterName: connect },
  })),
  Schema: {
    form: "<clusterId>/<subject>",
    parts: 2,
    seed: async ([clusterId, subject]) => {
      const url = (await clusterUrls(clusterId!)).registry;
      if (!url) throw new RedpandaError(`cluster ${clusterId} has no Schema Registry URL`);
      return { id: subject!, props: { schemaRegistryUrl: url, subject } };
    },
  },
};

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

/** The lifecycle id and seed properties an import id names, or an error saying its form. */
export async function importSeed(type: string, importId: string): Promise<ImportSeed> {
  const form = IMPORT_FORMS[type];
  if (!form) throw new RedpandaError(`${type} cannot be imported by id yet (see docs/plugin.md)`);
  const parts = split(importId, form.parts);
  if (!parts) {
    throw new RedpandaError(`${type}: the import id "${importId}" is not of the form ${form.form}`);
  }
  return form.seed(parts);
}
