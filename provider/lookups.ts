/**
 * Lookups for use in programs: read-only calls made at program run time with the same settings the
 * resources use (stack config `redpanda:*`, else the REDPANDA_* environment variables).
 */
import type * as Pulumi from "@pulumi/pulumi";
import * as clusterApi from "./kinds/cluster/api";
import * as groupApi from "./kinds/group/api";
import * as networkApi from "./kinds/network/api";
import * as organizationRoleApi from "./kinds/organization-role/api";
import * as resourceGroupApi from "./kinds/resource-group/api";
import * as roleBindingApi from "./kinds/role-binding/api";
import * as serverlessClusterApi from "./kinds/serverless-cluster/api";
import { RedpandaError } from "./transport/errors";
import { Clients, resolveSettings } from "./transport/settings";
import { THROUGHPUT_TIERS } from "./catalog/throughput-tiers";
import type { ThroughputTierInfo } from "./catalog/throughput-tiers";
import type { Operation } from "./transport/zod-shapes";
import { currentScope } from "./runtime/call-scope";
import { getClients } from "./runtime/context";

let shared: Clients | undefined;

function clients(): Clients {
  // Served by the provider plugin (a function `Invoke`): that provider instance's settings.
  if (currentScope()) return getClients();
  if (!shared) {
    // Only a program reads stack config here: the plugin (and its bundle) never loads the SDK.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pulumi = require("@pulumi/pulumi") as typeof Pulumi;
    const config = new pulumi.Config("redpanda");
    shared = new Clients(resolveSettings((key) => config.get(key)));
  }
  return shared;
}

/** Which object a lookup reads: by id, or by its exact name (which must be unique). */
export type LookupKey = string | { id: string } | { name: string };

/**
 * The id a key names: the id itself, or the one object whose name is exactly `name` among those
 * `list` returns. None, or more than one, is an error that says which.
 */
async function idOf(
  what: string,
  key: LookupKey,
  list: (name: string) => Promise<{ id: string; name: string }[]>,
): Promise<string> {
  if (typeof key === "string") return key;
  if ("id" in key) return key.id;
  const named = (await list(key.name)).filter((o) => o.name === key.name);
  if (named.length === 1) return named[0]!.id;
  if (named.length === 0) throw new RedpandaError(`no ${what} is named "${key.name}"`);
  throw new RedpandaError(
    `${named.length} ${what}s are named "${key.name}" (${named.map((o) => o.id).join(", ")}); look it up by id`,
  );
}

/** A resource group as {@link getResourceGroup} returns it. */
export interface ResourceGroupInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
}

/** A resource group by id or by name: `getResourceGroup({ name: "prod" })`. */
export async function getResourceGroup(key: LookupKey): Promise<ResourceGroupInfo> {
  const cp = clients().controlPlane;
  const id = await idOf("resource group", key, (name) =>
    resourceGroupApi.listResourceGroups(cp, name),
  );
  const rg = await resourceGroupApi.getResourceGroup(cp, id);
  return { id: rg.id, name: rg.name };
}

/** A network as {@link getNetwork} returns it. */
export interface NetworkInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
  /** The API's state, e.g. `STATE_READY`. */
  state: string;
  /** Resource group it belongs to. */
  resourceGroupId: string;
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Cloud region. */
  region: string;
  /** IPv4 block (empty for a customer-managed network). */
  cidrBlock: string;
  /** Kind of cluster it holds: `TYPE_DEDICATED` or `TYPE_BYOC`. */
  clusterType: string;
  /** Availability zones it spans. */
  zones: string[];
}

/** A network by id or by name: `getNetwork({ name: "prod-net" })`. */
export async function getNetwork(key: LookupKey): Promise<NetworkInfo> {
  const cp = clients().controlPlane;
  const id = await idOf("network", key, (name) =>
    networkApi.listNetworks(cp, { "filter.name_contains": name }),
  );
  const n = await networkApi.getNetwork(cp, id);
  return {
    id: n.id,
    name: n.name,
    state: n.state,
    resourceGroupId: n.resource_group_id,
    cloudProvider: n.cloud_provider,
    region: n.region,
    cidrBlock: n.cidr_block,
    clusterType: n.cluster_type,
    zones: n.zones,
  };
}

/** A Dedicated or BYOC cluster as {@link getCluster} returns it. */
export interface ClusterInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
  /** Its type enum string (`TYPE_DEDICATED` or `TYPE_BYOC`). */
  type: string;
  /** The API's state, e.g. `STATE_READY`. */
  state: string;
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Cloud region. */
  region: string;
  /** Availability zones. */
  zones: string[];
  /** Throughput tier. */
  throughputTier: string;
  /** Resource group it belongs to. */
  resourceGroupId: string;
  /** Network it runs in. */
  networkId: string;
  /** Data-plane API URL, for data-plane resources' `dataplaneApiUrl`. */
  dataplaneApiUrl: string;
  /** Kafka API seed brokers, `host:port`. */
  kafkaSeedBrokers: string[];
  /** Schema Registry URL. */
  schemaRegistryUrl: string;
  /** Redpanda Console URL. */
  consoleUrl: string;
}

/** A Dedicated or BYOC cluster by id or by name (`getCluster({ name: "prod" })`), with its URLs. */
export async function getCluster(key: LookupKey): Promise<ClusterInfo> {
  const cp = clients().controlPlane;
  const id = await idOf("cluster", key, (name) =>
    clusterApi.listClusters(cp, { "filter.name_contains": name }),
  );
  const c = await clusterApi.getCluster(cp, id);
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    state: c.state,
    cloudProvider: c.cloud_provider,
    region: c.region,
    zones: c.zones,
    throughputTier: c.throughput_tier,
    resourceGroupId: c.resource_group_id,
    networkId: c.network_id,
    dataplaneApiUrl: c.dataplane_api.url,
    kafkaSeedBrokers: c.kafka_api.seed_brokers,
    schemaRegistryUrl: c.schema_registry?.url ?? "",
    consoleUrl: c.redpanda_console?.url ?? "",
  };
}

/** A Serverless cluster as {@link getServerlessCluster} returns it. */
export interface ServerlessClusterInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
  /** The API's state, e.g. `STATE_READY` or `STATE_COMPLETED`. */
  state: string;
  /** Serverless region. */
  serverlessRegion: string;
  /** Resource group it belongs to. */
  resourceGroupId: string;
  /** Data-plane API URL, for data-plane resources' `dataplaneApiUrl`. */
  dataplaneApiUrl: string;
}

/** A Serverless cluster by id, with its data-plane URL. */
export async function getServerlessCluster(id: string): Promise<ServerlessClusterInfo> {
  const s = await serverlessClusterApi.getServerlessCluster(clients().controlPlane, id);
  return {
    id: s.id,
    name: s.name,
    state: s.state,
    serverlessRegion: s.serverless_region,
    resourceGroupId: s.resource_group_id,
    dataplaneApiUrl: s.dataplane_api.url,
  };
}

/** A long-running operation as {@link getOperation} returns it. */
export interface OperationInfo {
  /** The object's id. */
  id: string;
  /** Its type enum string (`TYPE_DEDICATED`, `TYPE_CREATE_CLUSTER`, …). */
  type: string;
  /** The API's state, e.g. `STATE_READY` or `STATE_COMPLETED`. */
  state: string;
  /** Id of the resource the operation acts on (empty if none). */
  resourceId: string;
  /** The operation's error message when it FAILED (else empty). */
  errorMessage: string;
}

/** A long-running operation by id. */
export async function getOperation(id: string): Promise<OperationInfo> {
  const op: Operation = await clients().controlPlane.getOperation(id);
  return {
    id: op.id,
    type: op.type,
    state: op.state,
    resourceId: op.resource_id ?? "",
    errorMessage: op.error?.message ?? "",
  };
}

/** A role binding as {@link getRoleBindings} returns it. */
export interface RoleBindingInfo {
  /** The object's id. */
  id: string;
  /** `Reader`, `Writer` or `Admin`. */
  roleName: string;
  /** The user or service account holding the role. */
  accountId: string;
  /** What the role applies to. */
  scope: {
    /** Kind of the scoped resource. */
    resourceType: string;
    /** Id of the scoped resource (empty for the organization). */
    resourceId: string;
  };
}

/** Role bindings, optionally filtered by role name and scope resource type (every page). */
export async function getRoleBindings(
  filter: {
    /** Only bindings of this role (`Reader`, `Writer`, `Admin` or a custom role's name). */
    roleName?: string;
    /** Only bindings whose scope is of this kind (`SCOPE_RESOURCE_TYPE_CLUSTER`, ...). */
    scopeResourceType?: string;
  } = {},
): Promise<RoleBindingInfo[]> {
  const list = await roleBindingApi.listRoleBindings(clients().controlPlane, filter);
  return list.map((rb) => ({
    id: rb.id,
    roleName: rb.role_name,
    accountId: rb.account_id,
    scope: { resourceType: rb.scope.resource_type, resourceId: rb.scope.resource_id },
  }));
}

/** An organization user as {@link getUser} returns it. */
export interface OrganizationUserInfo {
  /** The object's id. */
  id: string;
  /** E-mail address. */
  email: string;
  /** Its name. */
  name: string;
}

/** An organization user by id. */
export async function getUser(id: string): Promise<OrganizationUserInfo> {
  const u = await clients().controlPlane.getUser(id);
  return { id: u.id, email: u.email, name: u.name };
}

/**
 * The organization's users, optionally only those whose e-mail or name contains `filter`
 * (case-insensitive): the ids a `RoleBinding` or a `Group` membership needs.
 */
export async function getUsers(
  query: {
    /** Only users whose e-mail or name contains this text (case-insensitive). */
    filter?: string;
  } = {},
): Promise<OrganizationUserInfo[]> {
  const needle = query.filter?.toLowerCase();
  return (await clients().controlPlane.listUsers())
    .filter(
      (u) =>
        !needle || u.email.toLowerCase().includes(needle) || u.name.toLowerCase().includes(needle),
    )
    .map((u) => ({ id: u.id, email: u.email, name: u.name }));
}

/** An organization group as {@link getGroup} returns it. */
export interface GroupInfo {
  /** The object's id: what `RoleBinding.accountId` takes. */
  id: string;
  /** Its name. */
  name: string;
  /** Its description. */
  description: string;
}

/** An organization group by id or by name (e.g. one your identity provider keeps in sync). */
export async function getGroup(key: LookupKey): Promise<GroupInfo> {
  const cp = clients().controlPlane;
  const id = await idOf("group", key, (name) => groupApi.listGroups(cp, name));
  const g = await groupApi.getGroup(cp, id);
  return { id: g.id, name: g.name, description: g.description };
}

/** An organization role as {@link getOrganizationRole} returns it. */
export interface OrganizationRoleInfo {
  /** The object's id. */
  id: string;
  /** Its name: what `RoleBinding.roleName` takes. */
  name: string;
  /** Its permissions (empty for built-in roles, which the API does not itemize). */
  permissions: string[];
  /** Whether it is built in (Reader, Writer, Admin): built-in roles cannot be changed. */
  builtin: boolean;
}

/** An organization role, built-in or custom, by id or by name. */
export async function getOrganizationRole(key: LookupKey): Promise<OrganizationRoleInfo> {
  const cp = clients().controlPlane;
  const id = await idOf("organization role", key, (name) =>
    organizationRoleApi.listOrganizationRoles(cp, name),
  );
  const r = await organizationRoleApi.getOrganizationRole(cp, id);
  return { id: r.id, name: r.name, permissions: r.permissions, builtin: r.is_builtin ?? false };
}

/** A permission as {@link getPermissions} returns it. */
export interface PermissionInfo {
  /** The name an `OrganizationRole` lists, e.g. `iam_role_read`. */
  name: string;
  /** What it grants. */
  description: string;
}

/** The permissions custom organization roles can be made of. */
export async function getPermissions(): Promise<PermissionInfo[]> {
  return (await clients().controlPlane.listPermissions()).map((p) => ({
    name: p.name,
    description: p.description,
  }));
}

/** A region of the catalogue as {@link getRegions} and {@link getRegion} return it. */
export interface RegionInfo {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region name, e.g. `us-east-1`. */
  name: string;
  /** Availability zones a network there can span. */
  zones: string[];
}

/** The regions a cloud offers, for a cluster type when given (`TYPE_DEDICATED`, `TYPE_BYOC`). */
export async function getRegions(query: {
  /** Cloud provider enum string, e.g. `CLOUD_PROVIDER_AWS`. */
  cloudProvider: string;
  /** Only regions offering this cluster type (`TYPE_DEDICATED`, `TYPE_BYOC`). */
  clusterType?: string;
}): Promise<RegionInfo[]> {
  const list = await clients().controlPlane.listRegions(query.cloudProvider, query.clusterType);
  return list.map((r) => ({ cloudProvider: r.cloud_provider, name: r.name, zones: r.zones }));
}

/** One region of a cloud, with its zones. */
export async function getRegion(query: {
  /** Cloud provider enum string, e.g. `CLOUD_PROVIDER_AWS`. */
  cloudProvider: string;
  /** Region name, e.g. `us-east-1`. */
  name: string;
}): Promise<RegionInfo> {
  const r = await clients().controlPlane.getRegion(query.cloudProvider, query.name);
  return { cloudProvider: r.cloud_provider, name: r.name, zones: r.zones };
}

/** A Serverless region as {@link getServerlessRegions} returns it. */
export interface ServerlessRegionInfo {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region name, e.g. `us-east-1`. */
  name: string;
}

/** The regions where a cloud runs Serverless clusters. */
export async function getServerlessRegions(query: {
  /** Cloud provider enum string, e.g. `CLOUD_PROVIDER_AWS`. */
  cloudProvider: string;
}): Promise<ServerlessRegionInfo[]> {
  const list = await clients().controlPlane.listServerlessRegions(query.cloudProvider);
  return list.map((r) => ({ cloudProvider: r.cloud_provider, name: r.name }));
}

export type { ThroughputTierInfo };

/**
 * Throughput tiers by cloud, region and cluster type. The API has no endpoint for tiers, so these
 * come from the vendor's published region catalogue as this package version copied it
 * (`contract/cloud-regions.json`, regenerated by `npm run contract`), with the tiers the vendor's
 * examples use added (`contract/catalog-witnesses.json`, by `npm run contract:witnesses`); the
 * API has the last word at create, and its refusal lists the tiers it offers.
 */
export function getThroughputTiers(
  query: {
    /** Only tiers of this cloud provider (enum string, e.g. `CLOUD_PROVIDER_AWS`). */
    cloudProvider?: string;
    /** Only tiers offered in this region. */
    region?: string;
    /** Only tiers offered for this cluster type (`TYPE_DEDICATED`, `TYPE_BYOC`). */
    clusterType?: string;
  } = {},
): ThroughputTierInfo[] {
  return THROUGHPUT_TIERS.filter(
    (t) =>
      (query.cloudProvider === undefined || t.cloudProvider === query.cloudProvider) &&
      (query.region === undefined || t.region === query.region) &&
      (query.clusterType === undefined || t.clusterTypes.includes(query.clusterType)),
  ).map((t) => ({ ...t, clusterTypes: [...t.clusterTypes] }));
}

/** A registered schema as {@link getSchema} returns it. */
export interface SchemaInfo {
  /** The subject. */
  subject: string;
  /** The subject's version. */
  version: number;
  /** The registry's id of the schema. */
  id: number;
  /** `AVRO`, `PROTOBUF` or `JSON`. */
  schemaType: string;
  /** The schema's text. */
  schema: string;
  /** Schemas it refers to. */
  references: {
    /** The name the schema refers to it by (an import path, a full Avro name). */
    name: string;
    /** The referenced subject. */
    subject: string;
    /** The referenced subject's version. */
    version: number;
  }[];
}

/**
 * A subject's schema from a cluster's Schema Registry: the latest version, or `version`. Signs in
 * with `username`/`password` (HTTP Basic) when given, else with the APIs' token.
 */
export async function getSchema(query: {
  /** The cluster's Schema Registry URL (`cluster.schemaRegistryUrl`). */
  schemaRegistryUrl: string;
  /** The subject. */
  subject: string;
  /** The subject's version; the latest when unset. */
  version?: number;
  /** A Schema Registry user (HTTP Basic), with `password`. */
  username?: string;
  /** That user's password. */
  password?: string;
}): Promise<SchemaInfo> {
  const credentials =
    query.username && query.password
      ? { username: query.username, password: query.password }
      : undefined;
  const v = await clients()
    .schemaRegistry(query.schemaRegistryUrl, credentials)
    .version(query.subject, query.version ?? "latest");
  return {
    subject: v.subject,
    version: v.version,
    id: v.id,
    schemaType: v.schemaType,
    schema: v.schema,
    references: v.references,
  };
}
