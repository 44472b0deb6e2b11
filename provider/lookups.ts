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

export interface ClusterInfo {
  id: string;
  name: string;
  type: string;
  state: string;
  cloudProvider: string;
  region: string;
  zones: string[];
  throughputTier: string;
  resourceGroupId: string;
  networkId: string;
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

export interface ServerlessClusterInfo {
  id: string;
  name: string;
  state: string;
  serverlessRegion: string;
  resourceGroupId: string;
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

export interface OperationInfo {
  id: string;
  type: string;
  state: string;
  resourceId: string;
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

export interface RoleBindingInfo {
  id: string;
  roleName: string;
  accountId: string;
  scope: { resourceType: string; resourceId: string };
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

export interface OrganizationUserInfo {
  id: string;
  email: string;
  name: string;
}

/** An organization user by id. */
export async function getUser(id: string): Promise<OrganizationUserInfo> {
  const u = await clients().controlPlane.getUser(id);
  return { id: u.id, email: u.email, name: u.name };
}
