/**
 * The one list of route modules, by where each is mounted. A new route module is added here and
 * nowhere else; routes share what they need through emulator/domain/, never through each other.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext, Services } from "../context";
import { DATAPLANE_MOUNT, REGISTRY_MOUNT } from "../dataplane";
import { registerDataplaneAcls } from "./acl";
import { registerAdmin } from "./admin";
import { registerByocAgent } from "./byoc-agent";
import { registerClusters } from "./cluster";
import { registerConnectConfig } from "./connect";
import { registerConnectors } from "./connector";
import { registerConnectorSecrets } from "./connector-secret";
import { registerGroups } from "./group";
import { registerKafkaConnectClusters } from "./kafka-connect";
import { registerNetworks } from "./network";
import { registerNetworkPeerings } from "./network-peering";
import { registerOperations } from "./operations";
import { registerOrganizationRoles } from "./organization-role";
import { registerOrganizationUsers } from "./organization-user";
import { registerDataplanePipelines } from "./pipeline";
import { registerQuotas } from "./quota";
import { registerRegions } from "./regions";
import { registerResourceGroups } from "./resource-group";
import { registerRoles } from "./role";
import { registerRoleMembers } from "./role-assignment";
import { registerRoleBindings } from "./role-binding";
import { registerSchemaRegistry } from "./schema";
import { registerSchemaRegistryAcls } from "./schema-registry-acl";
import { registerSecrets } from "./secret";
import { registerServerless } from "./serverless-cluster";
import { registerServerlessPrivateLinks } from "./serverless-private-link";
import { registerServiceAccounts } from "./service-account";
import { registerDataplaneShadowLinks, registerShadowLinks } from "./shadow-link";
import { registerDataplaneTopics } from "./topic";
import { registerTransforms } from "./transform";
import { registerDataplaneUsers } from "./user";
import { registerUserInvites } from "./user-invite";

/** Adds one module's routes (paths relative to its mount). */
export type RegisterRoutes = (
  app: FastifyInstance,
  ctx: EmulatorContext,
  services: Services,
) => void;

interface Mount {
  /** Path prefix with the cluster as `:clusterId`; the server's root when omitted. */
  prefix?: string;
  /** Only with the test-control API switched on (`admin`). */
  adminOnly?: boolean;
  /** In order: a module's hooks (the registry's authentication) apply to the ones after it. */
  routes: RegisterRoutes[];
}

const MOUNTS: readonly Mount[] = [
  {
    // The control plane.
    routes: [
      registerResourceGroups,
      registerNetworks,
      registerClusters,
      registerServerless,
      registerServerlessPrivateLinks,
      registerShadowLinks,
      registerRegions,
      registerOperations,
      registerRoleBindings,
      registerServiceAccounts,
      registerOrganizationUsers,
      registerGroups,
      registerOrganizationRoles,
      registerUserInvites,
      registerNetworkPeerings,
    ],
  },
  {
    prefix: DATAPLANE_MOUNT,
    routes: [
      registerDataplaneUsers,
      registerDataplaneAcls,
      registerDataplaneTopics,
      registerDataplanePipelines,
      registerConnectConfig,
      registerKafkaConnectClusters,
      registerConnectorSecrets,
      registerConnectors,
      registerRoles,
      registerRoleMembers,
      registerSecrets,
      registerQuotas,
      registerDataplaneShadowLinks,
      registerTransforms,
    ],
  },
  { prefix: REGISTRY_MOUNT, routes: [registerSchemaRegistry, registerSchemaRegistryAcls] },
  { routes: [registerByocAgent] },
  { adminOnly: true, routes: [registerAdmin] },
];

/** Mounts every route module; prefixed mounts get their own fastify scope, as hooks need. */
export async function registerRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  services: Services,
  admin: boolean,
): Promise<void> {
  for (const mount of MOUNTS) {
    if (mount.adminOnly && !admin) continue;
    const { prefix } = mount;
    if (prefix === undefined) for (const register of mount.routes) register(app, ctx, services);
    else
      await app.register(
        async (scope) => {
          for (const register of mount.routes) register(scope, ctx, services);
        },
        { prefix },
      );
  }
}
