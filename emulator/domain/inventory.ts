/** What exists, by kind: the admin API's and the programmatic `inventory()`'s answer. */
import type { World } from "./records";

/** What exists, by kind, for tests that compare the emulator with Pulumi state. */
export function inventory(world: World): Record<string, unknown> {
  return {
    resourceGroups: Object.keys(world.resourceGroups),
    networks: Object.keys(world.networks),
    clusters: Object.keys(world.clusters),
    serverlessClusters: Object.keys(world.serverless),
    roleBindings: Object.keys(world.roleBindings),
    serviceAccounts: Object.keys(world.serviceAccounts),
    groups: Object.keys(world.groups ?? {}),
    organizationRoles: Object.keys(world.orgRoles ?? {}),
    userInvites: Object.keys(world.userInvites ?? {}),
    networkPeerings: Object.keys(world.networkPeerings ?? {}),
    dataplanes: Object.fromEntries(
      Object.entries(world.dataplanes).map(([id, dp]) => [
        id,
        {
          users: Object.keys(dp.users),
          acls: dp.acls,
          topics: Object.keys(dp.topics),
          pipelines: Object.keys(dp.pipelines),
          connectSecrets: Object.keys(dp.connectSecrets),
          connectors: Object.keys(dp.connectors),
          roles: Object.keys(dp.roles ?? {}),
          secrets: Object.keys(dp.secrets ?? {}),
          quotas: (dp.quotas ?? []).map((q) => `${q.entity_type}:${q.entity_name}`),
        },
      ]),
    ),
  };
}
