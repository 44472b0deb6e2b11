/**
 * Typed calls to the control-plane API (base `https://api.redpanda.com` by default). Bodies are
 * wrapped as the vendor's OpenAPI has them; creates are POSTs that are never blindly re-sent.
 */
import { z } from "zod";
import type { Query } from "./api-client";
import { ApiClient } from "./api-client";
import type { Transport } from "../transport/http";
import type { Cluster, ClusterCreate, ClusterUpdate } from "./cluster";
import { clusterSchema } from "./cluster";
import type { Network, NetworkCreate } from "./network";
import { networkSchema } from "./network";
import type { ResourceGroup } from "./resource-group";
import { resourceGroupSchema } from "./resource-group";
import type { RoleBinding, RoleBindingCreate } from "./role-binding";
import { roleBindingSchema } from "./role-binding";
import type { Operation, OrgUser, Region, ServerlessRegion } from "./schemas";
import {
  operationResponse,
  orgUserSchema,
  regionSchema,
  serverlessRegionSchema,
  wrapped,
} from "./schemas";
import type {
  ServerlessCluster,
  ServerlessClusterCreate,
  ServerlessClusterUpdate,
} from "./serverless-cluster";
import { serverlessClusterSchema } from "./serverless-cluster";
import type { ShadowLink } from "./shadow-link";
import { shadowLinkSchema } from "./shadow-link";
import type {
  ServerlessPrivateLink,
  ServerlessPrivateLinkCreate,
  ServerlessPrivateLinkUpdate,
} from "./serverless-private-link";
import { serverlessPrivateLinkSchema } from "./serverless-private-link";
import type { Group, GroupCreate, GroupUpdate } from "./group";
import { groupSchema } from "./group";
import type { NetworkPeering, NetworkPeeringCreate } from "./network-peering";
import { networkPeeringSchema } from "./network-peering";
import type {
  OrganizationRole,
  OrganizationRoleCreate,
  OrganizationRoleUpdate,
  Permission,
} from "./organization-role";
import { organizationRoleSchema, permissionSchema } from "./organization-role";
import type { UserInvite, UserInviteCreate, UserInviteUpdate } from "./user-invite";
import { userInviteSchema } from "./user-invite";
import type { ServiceAccount } from "./service-account";
import { serviceAccountSchema } from "./service-account";

export const DEFAULT_API_URL = "https://api.redpanda.com";

export class ControlPlaneClient extends ApiClient {
  constructor(
    transport: Transport,
    readonly apiUrl: string = DEFAULT_API_URL,
  ) {
    super(transport, apiUrl, 100);
  }

  // Operations
  getOperation(id: string): Promise<Operation> {
    return this.get(`/v1/operations/${encodeURIComponent(id)}`, operationResponse);
  }

  // Resource groups
  createResourceGroup(name: string): Promise<ResourceGroup> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/resource-groups"),
      body: { resource_group: { name } },
      idempotent: false,
      schema: wrapped("resource_group", resourceGroupSchema),
    });
  }
  getResourceGroup(id: string): Promise<ResourceGroup> {
    return this.get(
      `/v1/resource-groups/${encodeURIComponent(id)}`,
      wrapped("resource_group", resourceGroupSchema),
    );
  }
  listResourceGroups(nameContains?: string): Promise<ResourceGroup[]> {
    return this.listAll("/v1/resource-groups", "resource_groups", resourceGroupSchema, {
      "filter.name_contains": nameContains,
    });
  }
  updateResourceGroup(id: string, name: string): Promise<ResourceGroup> {
    return this.transport.request({
      method: "PATCH",
      url: this.url(`/v1/resource-groups/${encodeURIComponent(id)}`),
      body: { resource_group: { name } },
      idempotent: true,
      schema: wrapped("resource_group", resourceGroupSchema),
    });
  }
  deleteResourceGroup(id: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/resource-groups/${encodeURIComponent(id)}`),
      idempotent: true,
    });
  }

  // Networks
  createNetwork(network: NetworkCreate): Promise<Operation> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/networks"),
      body: { network },
      idempotent: false,
      schema: operationResponse,
    });
  }
  getNetwork(id: string): Promise<Network> {
    return this.get(`/v1/networks/${encodeURIComponent(id)}`, wrapped("network", networkSchema));
  }
  listNetworks(query: Query = {}): Promise<Network[]> {
    return this.listAll("/v1/networks", "networks", networkSchema, query);
  }
  deleteNetwork(id: string): Promise<Operation> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/networks/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: operationResponse,
    });
  }

  // Region catalogue (read-only; used by preview-time checks)
  listRegions(cloudProvider: string, clusterType?: string): Promise<Region[]> {
    return this.listAll(
      `/v1/regions/${encodeURIComponent(cloudProvider)}`,
      "regions",
      regionSchema,
      {
        "filter.cluster_type": clusterType,
      },
    );
  }
  getRegion(cloudProvider: string, name: string): Promise<Region> {
    return this.get(
      `/v1/regions/${encodeURIComponent(cloudProvider)}/${encodeURIComponent(name)}`,
      wrapped("region", regionSchema),
    );
  }
  listServerlessRegions(cloudProvider: string): Promise<ServerlessRegion[]> {
    return this.listAll("/v1/serverless/regions", "serverless_regions", serverlessRegionSchema, {
      cloud_provider: cloudProvider,
    });
  }

  // Shadow links
  createShadowLink(link: Record<string, unknown>): Promise<Operation> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/shadow-links"),
      body: { shadow_link: link },
      idempotent: false,
      schema: operationResponse,
    });
  }
  getShadowLink(id: string): Promise<ShadowLink> {
    return this.get(
      `/v1/shadow-links/${encodeURIComponent(id)}`,
      wrapped("shadow_link", shadowLinkSchema),
    );
  }
  listShadowLinks(query: Query = {}): Promise<ShadowLink[]> {
    return this.listAll("/v1/shadow-links", "shadow_links", shadowLinkSchema, query);
  }
  /** The body holds the option groups that change (the body is the field mask). */
  updateShadowLink(id: string, update: Record<string, unknown>): Promise<Operation> {
    return this.transport.request({
      method: "PATCH",
      url: this.url(`/v1/shadow-links/${encodeURIComponent(id)}`),
      body: update,
      idempotent: true,
      schema: operationResponse,
    });
  }
  deleteShadowLink(id: string): Promise<Operation> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/shadow-links/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: operationResponse,
    });
  }

  // Serverless private links
  createServerlessPrivateLink(link: ServerlessPrivateLinkCreate): Promise<Operation> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/serverless/private-links"),
      body: { serverless_private_link: link },
      idempotent: false,
      schema: operationResponse,
    });
  }
  getServerlessPrivateLink(id: string): Promise<ServerlessPrivateLink> {
    return this.get(
      `/v1/serverless/private-links/${encodeURIComponent(id)}`,
      wrapped("serverless_private_link", serverlessPrivateLinkSchema),
    );
  }
  listServerlessPrivateLinks(query: Query = {}): Promise<ServerlessPrivateLink[]> {
    return this.listAll(
      "/v1/serverless/private-links",
      "serverless_private_links",
      serverlessPrivateLinkSchema,
      query,
    );
  }
  updateServerlessPrivateLink(id: string, update: ServerlessPrivateLinkUpdate): Promise<Operation> {
    return this.transport.request({
      method: "PATCH",
      url: this.url(`/v1/serverless/private-links/${encodeURIComponent(id)}`),
      body: update,
      idempotent: true,
      schema: operationResponse,
    });
  }
  deleteServerlessPrivateLink(id: string): Promise<Operation> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/serverless/private-links/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: operationResponse,
    });
  }

  // Clusters (Dedicated and BYOC)
  createCluster(cluster: ClusterCreate): Promise<Operation> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/clusters"),
      body: { cluster },
      idempotent: false,
      schema: operationResponse,
    });
  }
  getCluster(id: string): Promise<Cluster> {
    return this.get(`/v1/clusters/${encodeURIComponent(id)}`, wrapped("cluster", clusterSchema));
  }
  listClusters(query: Query = {}): Promise<Cluster[]> {
    return this.listAll("/v1/clusters", "clusters", clusterSchema, query);
  }
  /** Sends only the changed, updatable fields (a bare ClusterUpdate body). */
  updateCluster(id: string, fields: ClusterUpdate): Promise<Operation> {
    return this.transport.request({
      method: "PATCH",
      url: this.url(`/v1/clusters/${encodeURIComponent(id)}`),
      body: fields,
      idempotent: true,
      schema: operationResponse,
    });
  }
  deleteCluster(id: string): Promise<Operation> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/clusters/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: operationResponse,
    });
  }

  // Serverless clusters
  createServerlessCluster(cluster: ServerlessClusterCreate): Promise<Operation> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/serverless/clusters"),
      body: { serverless_cluster: cluster },
      idempotent: false,
      schema: operationResponse,
    });
  }
  getServerlessCluster(id: string): Promise<ServerlessCluster> {
    return this.get(
      `/v1/serverless/clusters/${encodeURIComponent(id)}`,
      wrapped("serverless_cluster", serverlessClusterSchema),
    );
  }
  listServerlessClusters(query: Query = {}): Promise<ServerlessCluster[]> {
    return this.listAll(
      "/v1/serverless/clusters",
      "serverless_clusters",
      serverlessClusterSchema,
      query,
    );
  }
  updateServerlessCluster(id: string, fields: ServerlessClusterUpdate): Promise<Operation> {
    return this.transport.request({
      method: "PATCH",
      url: this.url(`/v1/serverless/clusters/${encodeURIComponent(id)}`),
      body: fields,
      idempotent: true,
      schema: operationResponse,
    });
  }
  deleteServerlessCluster(id: string): Promise<Operation> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/serverless/clusters/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: operationResponse,
    });
  }

  // Role bindings
  createRoleBinding(binding: RoleBindingCreate): Promise<RoleBinding> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/role-bindings"),
      body: { role_binding: binding },
      idempotent: false,
      schema: wrapped("role_binding", roleBindingSchema),
    });
  }
  getRoleBinding(id: string): Promise<RoleBinding> {
    return this.get(
      `/v1/role-bindings/${encodeURIComponent(id)}`,
      wrapped("role_binding", roleBindingSchema),
    );
  }
  listRoleBindings(
    filter: {
      roleName?: string;
      scopeResourceType?: string;
      scopeResourceId?: string;
      accountIds?: string[];
    } = {},
  ): Promise<RoleBinding[]> {
    return this.listAll("/v1/role-bindings", "role_bindings", roleBindingSchema, {
      "filter.role_name": filter.roleName,
      "filter.scope.resource_type": filter.scopeResourceType,
      "filter.scope.resource_id": filter.scopeResourceId,
      "filter.account_ids": filter.accountIds,
    });
  }
  deleteRoleBinding(id: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/role-bindings/${encodeURIComponent(id)}`),
      idempotent: true,
    });
  }

  // Service accounts
  createServiceAccount(
    name: string,
    description: string,
    roleBindings?: { role_name: string; scope: { resource_type: string; resource_id: string } }[],
  ): Promise<ServiceAccount> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/service-accounts"),
      body: {
        service_account: {
          name,
          description,
          ...(roleBindings ? { role_bindings: roleBindings } : {}),
        },
      },
      idempotent: false,
      schema: wrapped("service_account", serviceAccountSchema),
    });
  }
  getServiceAccount(id: string): Promise<ServiceAccount> {
    return this.get(
      `/v1/service-accounts/${encodeURIComponent(id)}`,
      wrapped("service_account", serviceAccountSchema),
    );
  }
  updateServiceAccount(id: string, name: string, description: string): Promise<ServiceAccount> {
    return this.transport.request({
      method: "PATCH",
      url: this.url(`/v1/service-accounts/${encodeURIComponent(id)}`),
      body: { service_account: { name, description }, update_mask: "name,description" },
      idempotent: true,
      schema: wrapped("service_account", serviceAccountSchema),
    });
  }
  getServiceAccountCredentials(id: string): Promise<{ client_id: string; client_secret: string }> {
    return this.get(
      `/v1/service-accounts/${encodeURIComponent(id)}/credentials`,
      wrapped("credentials", z.object({ client_id: z.string(), client_secret: z.string() })),
    );
  }
  /** A new client secret; the old one stops working. The answer carries the new secret once. */
  rotateServiceAccountSecret(id: string): Promise<ServiceAccount> {
    return this.transport.request({
      method: "GET",
      url: this.url(`/v1/service-accounts/${encodeURIComponent(id)}/rotate-secret`),
      // Not idempotent: a repeat after a lost answer would rotate again and lose the secret sent.
      idempotent: false,
      schema: wrapped("service_account", serviceAccountSchema),
    });
  }
  deleteServiceAccount(id: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/service-accounts/${encodeURIComponent(id)}`),
      idempotent: true,
    });
  }

  // Organization users
  getUser(id: string): Promise<OrgUser> {
    return this.get(`/v1/users/${encodeURIComponent(id)}`, wrapped("user", orgUserSchema));
  }
  listUsers(): Promise<OrgUser[]> {
    return this.listAll("/v1/users", "users", orgUserSchema, {});
  }

  // Groups: the body is the whole group; the mask names what changes.
  createGroup(group: GroupCreate): Promise<Group> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/groups"),
      body: { group },
      idempotent: false,
      schema: wrapped("group", groupSchema),
    });
  }
  getGroup(id: string): Promise<Group> {
    return this.get(`/v1/groups/${encodeURIComponent(id)}`, wrapped("group", groupSchema));
  }
  listGroups(name?: string): Promise<Group[]> {
    return this.listAll("/v1/groups", "groups", groupSchema, { "filter.name": name });
  }
  updateGroup(id: string, group: GroupUpdate): Promise<Group> {
    return this.patchMasked(`/v1/groups/${encodeURIComponent(id)}`, "group", group, groupSchema);
  }
  deleteGroup(id: string): Promise<void> {
    return this.remove(`/v1/groups/${encodeURIComponent(id)}`);
  }

  // Organization roles and the permission catalogue
  listPermissions(): Promise<Permission[]> {
    return this.get(
      "/v1/permissions",
      z
        .object({ permissions: z.array(permissionSchema).nullish() })
        .transform((r) => r.permissions ?? []),
    );
  }
  createOrganizationRole(role: OrganizationRoleCreate): Promise<OrganizationRole> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/roles"),
      body: { role },
      idempotent: false,
      schema: wrapped("role", organizationRoleSchema),
    });
  }
  getOrganizationRole(id: string): Promise<OrganizationRole> {
    return this.get(`/v1/roles/${encodeURIComponent(id)}`, wrapped("role", organizationRoleSchema));
  }
  listOrganizationRoles(name?: string): Promise<OrganizationRole[]> {
    return this.listAll("/v1/roles", "roles", organizationRoleSchema, { "filter.name": name });
  }
  updateOrganizationRole(id: string, role: OrganizationRoleUpdate): Promise<OrganizationRole> {
    return this.patchMasked(
      `/v1/roles/${encodeURIComponent(id)}`,
      "role",
      role,
      organizationRoleSchema,
    );
  }
  deleteOrganizationRole(id: string): Promise<void> {
    return this.remove(`/v1/roles/${encodeURIComponent(id)}`);
  }

  // Invitations
  createUserInvite(invite: UserInviteCreate): Promise<UserInvite> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/user-invites"),
      body: { user_invite: invite },
      idempotent: false,
      schema: wrapped("user_invite", userInviteSchema),
    });
  }
  getUserInvite(id: string): Promise<UserInvite> {
    return this.get(
      `/v1/user-invites/${encodeURIComponent(id)}`,
      wrapped("user_invite", userInviteSchema),
    );
  }
  listUserInvites(): Promise<UserInvite[]> {
    return this.listAll("/v1/user-invites", "user_invites", userInviteSchema, {});
  }
  updateUserInvite(id: string, invite: UserInviteUpdate): Promise<UserInvite> {
    return this.patchMasked(
      `/v1/user-invites/${encodeURIComponent(id)}`,
      "user_invite",
      invite,
      userInviteSchema,
    );
  }
  deleteUserInvite(id: string): Promise<void> {
    return this.remove(`/v1/user-invites/${encodeURIComponent(id)}`);
  }

  // Network peerings: create and delete are operations.
  createNetworkPeering(networkId: string, peering: NetworkPeeringCreate): Promise<Operation> {
    return this.transport.request({
      method: "POST",
      url: this.url(`/v1/network/${encodeURIComponent(networkId)}/network-peerings`),
      body: { network_peering: peering },
      idempotent: false,
      schema: operationResponse,
    });
  }
  getNetworkPeering(networkId: string, id: string): Promise<NetworkPeering> {
    return this.get(
      `/v1/network/${encodeURIComponent(networkId)}/network-peerings/${encodeURIComponent(id)}`,
      wrapped("network_peering", networkPeeringSchema),
    );
  }
  listNetworkPeerings(networkId: string): Promise<NetworkPeering[]> {
    // Not paged: the contract lists no page parameters for this collection.
    return this.get(
      `/v1/network/${encodeURIComponent(networkId)}/network-peerings`,
      z
        .object({ network_peerings: z.array(networkPeeringSchema).nullish() })
        .transform((r) => r.network_peerings ?? []),
    );
  }
  deleteNetworkPeering(networkId: string, id: string): Promise<Operation> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(
        `/v1/network/${encodeURIComponent(networkId)}/network-peerings/${encodeURIComponent(id)}`,
      ),
      idempotent: true,
      schema: operationResponse,
    });
  }

  /** A PATCH whose body is `{ <key>: fields, update_mask }`, the mask naming the fields sent. */
  private patchMasked<T extends z.ZodType>(
    path: string,
    key: string,
    fields: object,
    schema: T,
  ): Promise<z.output<T>> {
    const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return this.transport.request({
      method: "PATCH",
      url: this.url(path),
      body: { [key]: sent, update_mask: Object.keys(sent).join(",") },
      idempotent: true,
      schema: wrapped(key, schema),
    });
  }
  private remove(path: string): Promise<void> {
    return this.transport.request({ method: "DELETE", url: this.url(path), idempotent: true });
  }
}
