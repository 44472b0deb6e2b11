/**
 * Lookups for use in programs: read-only calls made at program run time with the same settings the
 * resources use (stack config `redpanda:*`, else the REDPANDA_* environment variables).
 */
import * as pulumi from "@pulumi/pulumi";
import { Clients, resolveSettings } from "./client/settings";
import type { Operation } from "./client/schemas";

let shared: Clients | undefined;

function clients(): Clients {
  if (!shared) {
    const config = new pulumi.Config("redpanda");
    shared = new Clients(resolveSettings((key) => config.get(key)));
  }
  return shared;
}

/** A Dedicated or BYOC cluster as {@link getCluster} returns it. */
export interface ClusterInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
  /** Its type enum string (`TYPE_DEDICATED`, `TYPE_CREATE_CLUSTER`, …). */
  type: string;
  /** The API's state, e.g. `STATE_READY` or `STATE_COMPLETED`. */
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
}

/** A Dedicated or BYOC cluster by id, with its data-plane URL. */
export async function getCluster(id: string): Promise<ClusterInfo> {
  const c = await clients().controlPlane.getCluster(id);
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
  const s = await clients().controlPlane.getServerlessCluster(id);
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
  filter: { roleName?: string; scopeResourceType?: string } = {},
): Promise<RoleBindingInfo[]> {
  const list = await clients().controlPlane.listRoleBindings(filter);
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
