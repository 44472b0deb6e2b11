/**
 * The lookups (provider/lookups.ts) as the plugin's functions, `redpandacloud:index:<name>`: each
 * with its arguments and results for the schema, and how an `Invoke`'s arguments call it. A
 * lookup that returns a list answers `{ items: [...] }` (a function returns an object).
 */
import { lookups } from "./registry-bridge";
import type { Lookups } from "./registry-bridge";

/** A property type in the schema's words. */
export type PropType = "string" | "number" | "integer" | "boolean" | "string[]" | "any" | "any[]";

export interface FunctionDef {
  doc: string;
  /** Arguments; `required` lists those that must be given. */
  args: Record<string, PropType>;
  required?: string[];
  /** Secret arguments (a password). */
  secretArgs?: string[];
  /** Result properties. */
  results: Record<string, PropType>;
  call(args: Record<string, unknown>): Promise<unknown>;
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** `{ id }` or `{ name }`: a lookup key (the id wins when both are given). */
function key(args: Record<string, unknown>): Lookups.LookupKey {
  const id = str(args.id);
  if (id) return { id };
  const name = str(args.name);
  if (name) return { name };
  throw new Error("give id or name");
}

const keyArgs: Record<string, PropType> = { id: "string", name: "string" };
const items = { items: "any[]" } satisfies Record<string, PropType>;

export const FUNCTIONS: Record<string, FunctionDef> = {
  getResourceGroup: {
    doc: "A resource group by id or by name.",
    args: keyArgs,
    results: { id: "string", name: "string" },
    call: (a) => lookups().getResourceGroup(key(a)),
  },
  getNetwork: {
    doc: "A network by id or by name.",
    args: keyArgs,
    results: {
      id: "string",
      name: "string",
      state: "string",
      resourceGroupId: "string",
      cloudProvider: "string",
      region: "string",
      cidrBlock: "string",
      clusterType: "string",
      zones: "string[]",
    },
    call: (a) => lookups().getNetwork(key(a)),
  },
  getCluster: {
    doc: "A Dedicated or BYOC cluster by id or by name.",
    args: keyArgs,
    results: {
      id: "string",
      name: "string",
      type: "string",
      state: "string",
      cloudProvider: "string",
      region: "string",
      zones: "string[]",
      throughputTier: "string",
      resourceGroupId: "string",
      networkId: "string",
      dataplaneApiUrl: "string",
      kafkaSeedBrokers: "string[]",
      schemaRegistryUrl: "string",
      consoleUrl: "string",
    },
    call: (a) => lookups().getCluster(key(a)),
  },
  getServerlessCluster: {
    doc: "A Serverless cluster by id.",
    args: { id: "string" },
    required: ["id"],
    results: {
      id: "string",
      name: "string",
      state: "string",
      serverlessRegion: "string",
      resourceGroupId: "string",
      dataplaneApiUrl: "string",
    },
    call: (a) => lookups().getServerlessCluster(String(a.id)),
  },
  getOperation: {
    doc: "A long-running operation by id.",
    args: { id: "string" },
    required: ["id"],
    results: {
      id: "string",
      type: "string",
      state: "string",
      resourceId: "string",
      errorMessage: "string",
    },
    call: (a) => lookups().getOperation(String(a.id)),
  },
  getRoleBindings: {
    doc: "Role bindings, optionally by role name and scope resource type.",
    args: { roleName: "string", scopeResourceType: "string" },
    results: items,
    call: async (a) => ({
      items: await lookups().getRoleBindings({
        roleName: str(a.roleName),
        scopeResourceType: str(a.scopeResourceType),
      }),
    }),
  },
  getUser: {
    doc: "An organization user by id.",
    args: { id: "string" },
    required: ["id"],
    results: { id: "string", email: "string", name: "string" },
    call: (a) => lookups().getUser(String(a.id)),
  },
  getUsers: {
    doc: "The organization's users, optionally those whose e-mail or name contains `filter`.",
    args: { filter: "string" },
    results: items,
    call: async (a) => ({ items: await lookups().getUsers({ filter: str(a.filter) }) }),
  },
  getGroup: {
    doc: "An organization group by id or by name.",
    args: keyArgs,
    results: { id: "string", name: "string", description: "string" },
    call: (a) => lookups().getGroup(key(a)),
  },
  getOrganizationRole: {
    doc: "An organization role, built-in or custom, by id or by name.",
    args: keyArgs,
    results: { id: "string", name: "string", permissions: "string[]", builtin: "boolean" },
    call: (a) => lookups().getOrganizationRole(key(a)),
  },
  getPermissions: {
    doc: "The permissions custom organization roles can be made of.",
    args: {},
    results: items,
    call: async () => ({ items: await lookups().getPermissions() }),
  },
  getRegions: {
    doc: "The regions a cloud offers, for a cluster type when given.",
    args: { cloudProvider: "string", clusterType: "string" },
    required: ["cloudProvider"],
    results: items,
    call: async (a) => ({
      items: await lookups().getRegions({
        cloudProvider: String(a.cloudProvider),
        clusterType: str(a.clusterType),
      }),
    }),
  },
  getRegion: {
    doc: "One region of a cloud, with its zones.",
    args: { cloudProvider: "string", name: "string" },
    required: ["cloudProvider", "name"],
    results: { cloudProvider: "string", name: "string", zones: "string[]" },
    call: (a) =>
      lookups().getRegion({ cloudProvider: String(a.cloudProvider), name: String(a.name) }),
  },
  getServerlessRegions: {
    doc: "The regions where a cloud runs Serverless clusters.",
    args: { cloudProvider: "string" },
    required: ["cloudProvider"],
    results: items,
    call: async (a) => ({
      items: await lookups().getServerlessRegions({ cloudProvider: String(a.cloudProvider) }),
    }),
  },
  getThroughputTiers: {
    doc: "Throughput tiers by cloud, region and cluster type (from the vendor's catalogue).",
    args: { cloudProvider: "string", region: "string", clusterType: "string" },
    results: items,
    call: async (a) => ({
      items: lookups().getThroughputTiers({
        cloudProvider: str(a.cloudProvider),
        region: str(a.region),
        clusterType: str(a.clusterType),
      }),
    }),
  },
  getSchema: {
    doc: "A subject's schema from a cluster's Schema Registry: the latest version, or `version`.",
    args: {
      schemaRegistryUrl: "string",
      subject: "string",
      version: "integer",
      username: "string",
      password: "string",
    },
    required: ["schemaRegistryUrl", "subject"],
    secretArgs: ["password"],
    results: {
      subject: "string",
      version: "integer",
      id: "integer",
      schemaType: "string",
      schema: "string",
      references: "any[]",
    },
    call: (a) =>
      lookups().getSchema({
        schemaRegistryUrl: String(a.schemaRegistryUrl),
        subject: String(a.subject),
        version: typeof a.version === "number" ? a.version : undefined,
        username: str(a.username),
        password: str(a.password),
      }),
  },
};
