/**
 * What exists, by kind: the admin API's and the programmatic `inventory()`'s answer, with every
 * kind the emulator holds (the 25 resource kinds of the package) so that the orphan checks and
 * `npm run destroy` see what is left of each. What Redpanda keeps for itself (internal-topics.ts)
 * is listed apart, as `internalTopics`, and is not an object anyone left behind: `objectCount`
 * leaves it out. Organization users are people, not objects a program makes: not listed.
 */
import { isInternalTopic } from "./internal-topics";
import type { Dataplane, DpAcl, SrAcl, World } from "./records";

/** One cluster's data plane and Schema Registry. */
export type DataplaneInventory = {
  users: string[];
  acls: DpAcl[];
  roles: string[];
  /** `<role>/<member>`, the member as the role lists it (`User:alice`). */
  roleAssignments: string[];
  topics: string[];
  /** Subjects with a version not deleted (what `GET /subjects` lists). */
  schemas: string[];
  schemaRegistryAcls: SrAcl[];
  pipelines: string[];
  secrets: string[];
  /** `<entity type>:<entity name>`. */
  quotas: string[];
  connectSecrets: string[];
  connectors: string[];
  /** Wasm transforms, by name. */
  transforms: string[];
  /** Topics Redpanda keeps for itself (`_schemas`, `__consumer_offsets`, ...): not counted. */
  internalTopics: string[];
};

export type Inventory = {
  resourceGroups: string[];
  networks: string[];
  networkPeerings: string[];
  clusters: string[];
  serverlessClusters: string[];
  serverlessPrivateLinks: string[];
  shadowLinks: string[];
  serviceAccounts: string[];
  roleBindings: string[];
  groups: string[];
  organizationRoles: string[];
  userInvites: string[];
  dataplanes: Record<string, DataplaneInventory>;
};

function dataplaneInventory(dp: Dataplane): DataplaneInventory {
  const topics = Object.keys(dp.topics);
  const liveSubjects = Object.entries(dp.registry?.subjects ?? {}).filter(([, s]) =>
    s.versions.some((v) => !v.deleted),
  );
  return {
    users: Object.keys(dp.users),
    acls: dp.acls,
    roles: Object.keys(dp.roles ?? {}),
    roleAssignments: Object.values(dp.roles ?? {}).flatMap((r) =>
      r.members.map((m) => `${r.name}/${m}`),
    ),
    topics: topics.filter((t) => !isInternalTopic(t)),
    schemas: liveSubjects.map(([subject]) => subject),
    schemaRegistryAcls: dp.registry?.acls ?? [],
    pipelines: Object.keys(dp.pipelines),
    secrets: Object.keys(dp.secrets ?? {}),
    quotas: (dp.quotas ?? []).map((q) => `${q.entity_type}:${q.entity_name}`),
    connectSecrets: Object.keys(dp.connectSecrets),
    connectors: Object.keys(dp.connectors),
    transforms: Object.keys(dp.transforms ?? {}),
    internalTopics: topics.filter(isInternalTopic),
  };
}

/** What exists, by kind, for tests that compare the emulator with Pulumi state. */
export function inventory(world: World): Inventory {
  return {
    resourceGroups: Object.keys(world.resourceGroups),
    networks: Object.keys(world.networks),
    networkPeerings: Object.keys(world.networkPeerings ?? {}),
    clusters: Object.keys(world.clusters),
    serverlessClusters: Object.keys(world.serverless),
    serverlessPrivateLinks: Object.keys(world.serverlessPrivateLinks ?? {}),
    shadowLinks: Object.keys(world.shadowLinks ?? {}),
    serviceAccounts: Object.keys(world.serviceAccounts),
    roleBindings: Object.keys(world.roleBindings),
    groups: Object.keys(world.groups ?? {}),
    organizationRoles: Object.keys(world.orgRoles ?? {}),
    userInvites: Object.keys(world.userInvites ?? {}),
    dataplanes: Object.fromEntries(
      Object.entries(world.dataplanes).map(([id, dp]) => [id, dataplaneInventory(dp)]),
    ),
  };
}

/** How many objects the inventory lists, internal topics left out (`npm run destroy` wants 0). */
export function objectCount(inv: Inventory): number {
  const { dataplanes, ...controlPlane } = inv;
  let count = 0;
  for (const items of Object.values(controlPlane)) count += items.length;
  for (const dp of Object.values(dataplanes))
    for (const [kind, items] of Object.entries(dp))
      if (kind !== "internalTopics") count += items.length;
  return count;
}
