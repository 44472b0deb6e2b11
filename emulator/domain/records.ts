/**
 * The emulator's whole world as one JSON-serializable value: every record the control plane and
 * each cluster's data plane hold, and the ids and timestamps they are made with. It is saved by
 * state-file.ts; time moves it on in clock.ts.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { RpcStatusBody } from "../errors";

export type Json = Record<string, unknown>;

/** A scheduled move to another state; `at: null` waits for an outside event (the BYOC agent). */
export interface Pending {
  next: string;
  at: number | null;
}

export interface ResourceGroupRec {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface NetworkRec {
  id: string;
  name: string;
  resource_group_id: string;
  cloud_provider: string;
  region: string;
  cidr_block: string;
  cluster_type: string;
  state: string;
  zones: string[];
  /** BYOVPC: the VPC/VNet, subnets and buckets the customer made, as sent. */
  customer_managed_resources?: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
}

export interface ClusterRec {
  id: string;
  name: string;
  type: string;
  resource_group_id: string;
  network_id: string;
  cloud_provider: string;
  region: string;
  zones: string[];
  throughput_tier: string;
  connection_type: string;
  redpanda_version: string;
  state: string;
  state_description: RpcStatusBody | null;
  kafka_connect: { enabled: boolean };
  cloud_provider_tags: Record<string, string>;
  /** The other ClusterCreate fields as sent, updated by ClusterUpdate (cluster-spec.ts). */
  spec?: Record<string, unknown>;
  /** When an update's private-link changes take effect (its operation completes), ms. */
  linksAt?: number;
  created_at: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
  agentApplied?: boolean;
  agentDestroyed?: boolean;
}

export interface ServerlessRec {
  id: string;
  name: string;
  resource_group_id: string;
  serverless_region: string;
  tags: Record<string, string>;
  /** `public` / `private`: STATE_ENABLED or STATE_DISABLED. */
  networking_config?: { public: string; private: string };
  private_link_id?: string;
  state: string;
  created_at: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
}

/** A Serverless private link (AWS PrivateLink endpoint service for Serverless clusters). */
export interface ServerlessPrivateLinkRec {
  id: string;
  name: string;
  resource_group_id: string;
  cloudprovider: string;
  serverless_region: string;
  allowed_principals: string[];
  state: string;
  created_at: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
}

/** A shadow link: its spec as sent (credentials kept, never shown), state and timeline. */
export interface ShadowLinkRec {
  id: string;
  name: string;
  shadow_redpanda_id: string;
  spec: Record<string, unknown>;
  state: string;
  created_at: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
  /** Shadow topics failed over (made writable, no longer mirrored), by name. */
  failed_over_topics?: string[];
  /** Whether the whole link was failed over (`POST …/failover` without a topic). */
  failed_over?: boolean;
}

export interface OperationRec {
  id: string;
  type: string;
  state: string;
  resource_id: string;
  metadata?: Json;
  response?: Json;
  error?: RpcStatusBody;
  started_at: string;
  finished_at: string | null;
  /** When set, the operation itself completes at this time (updates, which change no state). */
  completeAt?: number;
  /** A scripted fault: this operation ends FAILED with this status. */
  failWith?: RpcStatusBody;
}

export interface RoleBindingRec {
  id: string;
  role_name: string;
  account_id: string;
  scope: { resource_type: string; resource_id: string };
  created_at: string;
  updated_at: string;
}

export interface ServiceAccountRec {
  id: string;
  name: string;
  description: string;
  client_id: string;
  client_secret: string;
  created_at: string;
  updated_at: string;
  /** The bindings made by its create's `role_bindings`: deleted with it. */
  role_binding_ids?: string[];
}

export interface GroupRec {
  id: string;
  name: string;
  description: string;
  created_at: string;
}

/** A custom organization role (`/v1/roles` on the control plane); built-ins are not stored. */
export interface OrgRoleRec {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  created_at: string;
  updated_at: string;
}

export interface UserInviteRec {
  id: string;
  email: string;
  role_bindings: { role_name: string; scope: { resource_type: string; resource_id: string } }[];
  created_at: string;
  expires_at: string;
}

/** A network peering: the spec as sent, its state and timeline (like private links). */
export interface NetworkPeeringRec {
  id: string;
  network_id: string;
  display_name: string;
  cloud_provider: string;
  spec: Record<string, unknown>;
  state: string;
  created_at: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
}

/** Client quotas of one entity: value type → value. */
export interface QuotaRec {
  entity_type: string;
  entity_name: string;
  values: Record<string, number>;
}

export interface OrgUserRec {
  id: string;
  email: string;
  name: string;
  created_at: string;
}

export interface DpUser {
  name: string;
  mechanism: string;
  password: string;
}

export interface DpAcl {
  resource_type: string;
  resource_name: string;
  resource_pattern_type: string;
  principal: string;
  host: string;
  operation: string;
  permission_type: string;
}

export interface DpTopic {
  name: string;
  partition_count: number;
  replication_factor: number;
  configs: Record<string, string>;
}

export interface DpPipeline {
  id: string;
  display_name: string;
  description: string;
  config_yaml: string;
  resources: { cpu_shares: string; memory_shares: string };
  tags: Record<string, string>;
  /** The account the pipeline runs as; absent in worlds saved before it was emulated. */
  service_account?: { client_id: string; client_secret: string };
  state: string;
  pending?: Pending;
}

/**
 * A Wasm data transform (`/v1/transforms`): the metadata it was deployed with, and of its module
 * only the SHA-256 and size (the module is not run, so its bytes are not kept).
 */
export interface DpTransform {
  name: string;
  input_topic_name: string;
  output_topic_names: string[];
  environment_variables: { key: string; value: string }[];
  wasm_sha256: string;
  wasm_bytes: number;
  /** Whether it starts with the WebAssembly magic number; one that does not fails once it runs. */
  wasm_valid?: boolean;
  /** When its partitions report RUNNING (ms since the epoch): a deploy takes a moment to start. */
  running_at: number;
}

export interface DpConnectSecret {
  id: string;
  name: string;
  secret_data: string;
  labels: Record<string, string>;
}

/** A Redpanda role: a name and its members (`User:<name>` / `Group:<name>`). */
export interface DpRole {
  name: string;
  members: string[];
}

/** A data-plane secret (`/v1/secrets`, what pipelines reference as `${secrets.NAME}`). */
export interface DpSecret {
  id: string;
  secret_data: string;
  scopes: string[];
  labels: Record<string, string>;
}

/** A cluster's Schema Registry: schemas by id, subjects' versions, compatibility, SR ACLs. */
export interface RegistryRec {
  nextId: number;
  schemas: Record<string, { schemaType: string; schema: string; references: SchemaRef[] }>;
  subjects: Record<string, { versions: { version: number; id: number; deleted: boolean }[] }>;
  /** Per-subject compatibility levels; the global one is `compatibility`. */
  config: Record<string, string>;
  compatibility: string;
  acls: SrAcl[];
}

export interface SchemaRef {
  name: string;
  subject: string;
  version: number;
}

export interface SrAcl {
  principal: string;
  resource: string;
  resource_type: string;
  pattern_type: string;
  host: string;
  operation: string;
  permission: string;
}

export interface DpConnector {
  name: string;
  config: Record<string, string>;
  type: string;
  restarts: number;
}

export interface Dataplane {
  users: Record<string, DpUser>;
  acls: DpAcl[];
  topics: Record<string, DpTopic>;
  pipelines: Record<string, DpPipeline>;
  connectSecrets: Record<string, DpConnectSecret>;
  connectors: Record<string, DpConnector>;
  /** Absent in worlds saved before roles and secrets were emulated. */
  roles?: Record<string, DpRole>;
  secrets?: Record<string, DpSecret>;
  registry?: RegistryRec;
  quotas?: QuotaRec[];
  /** Absent in worlds saved before transforms were emulated. */
  transforms?: Record<string, DpTransform>;
}

export interface World {
  version: 1;
  resourceGroups: Record<string, ResourceGroupRec>;
  networks: Record<string, NetworkRec>;
  clusters: Record<string, ClusterRec>;
  serverless: Record<string, ServerlessRec>;
  /** Absent in worlds saved before private links were emulated. */
  serverlessPrivateLinks?: Record<string, ServerlessPrivateLinkRec>;
  shadowLinks?: Record<string, ShadowLinkRec>;
  operations: Record<string, OperationRec>;
  roleBindings: Record<string, RoleBindingRec>;
  serviceAccounts: Record<string, ServiceAccountRec>;
  users: Record<string, OrgUserRec>;
  /** Absent in worlds saved before these organization groups were emulated. */
  groups?: Record<string, GroupRec>;
  orgRoles?: Record<string, OrgRoleRec>;
  userInvites?: Record<string, UserInviteRec>;
  networkPeerings?: Record<string, NetworkPeeringRec>;
  dataplanes: Record<string, Dataplane>;
}

/** The organization always has one human user, as a real organization does. */
export const SEED_USER: OrgUserRec = {
  id: "d1000000000000000001",
  email: "owner@example.com",
  name: "Organization Owner",
  created_at: "2024-01-01T00:00:00.000Z",
};

export function emptyWorld(): World {
  return {
    version: 1,
    resourceGroups: {},
    networks: {},
    clusters: {},
    serverless: {},
    serverlessPrivateLinks: {},
    shadowLinks: {},
    operations: {},
    roleBindings: {},
    serviceAccounts: {},
    users: { [SEED_USER.id]: { ...SEED_USER } },
    groups: {},
    orgRoles: {},
    userInvites: {},
    networkPeerings: {},
    dataplanes: {},
  };
}

export function emptyDataplane(): Dataplane {
  return {
    users: {},
    acls: [],
    topics: {},
    pipelines: {},
    connectSecrets: {},
    connectors: {},
    roles: {},
    secrets: {},
    quotas: [],
    transforms: {},
  };
}

const XID_ALPHABET = "0123456789abcdefghijklmnopqrstuv";

/** A 20-character id in the vendor's XID alphabet (`^[a-v0-9]{20}$`). */
export function xid(): string {
  const bytes = randomBytes(20);
  let out = "";
  for (const b of bytes) out += XID_ALPHABET[b % 32];
  return out;
}

export const uuid = (): string => randomUUID();

export const nowIso = (now: number): string => new Date(now).toISOString();
