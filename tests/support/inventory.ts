/**
 * Compares what the emulator holds with what the Pulumi state says exists, kind by kind for all
 * 25 kinds: after any fault, the two must list the same objects — no orphan (in the emulator
 * only), no ghost (in state only), no duplicate.
 */
import type { DataplaneInventory, Inventory } from "../../emulator";
import type { TestEmulator } from "./emulator";
import type { TestStack } from "./pulumi";

export type Listing = Record<string, string[]>;

const sorted = (xs: string[]): string[] => [...xs].sort();
const tuple = (...parts: string[]) => parts.join("|");

/**
 * The emulator's objects of every kind, each named by the id the dynamic provider gives it in
 * the state (`aclId`, `srAclId`, `quotaId`, `assignmentId` in provider/kinds/), so the two lists
 * compare; the topics Redpanda keeps for itself are not the program's and are left out.
 */
export function emulatorListing(t: TestEmulator): Listing {
  const inv: Inventory = t.emu.inventory();
  const dp = (ids: (d: DataplaneInventory) => string[]) =>
    sorted(Object.values(inv.dataplanes).flatMap(ids));
  return {
    ResourceGroup: sorted(inv.resourceGroups),
    Network: sorted(inv.networks),
    NetworkPeering: sorted(inv.networkPeerings),
    Cluster: sorted(inv.clusters),
    ServerlessCluster: sorted(inv.serverlessClusters),
    ServerlessPrivateLink: sorted(inv.serverlessPrivateLinks),
    ShadowLink: sorted(inv.shadowLinks),
    ServiceAccount: sorted(inv.serviceAccounts),
    RoleBinding: sorted(inv.roleBindings),
    Group: sorted(inv.groups),
    OrganizationRole: sorted(inv.organizationRoles),
    UserInvite: sorted(inv.userInvites),
    User: dp((d) => d.users),
    Acl: dp((d) =>
      d.acls.map((a) =>
        tuple(
          a.resource_type,
          a.resource_pattern_type,
          a.resource_name,
          a.principal,
          a.host,
          a.operation,
          a.permission_type,
        ),
      ),
    ),
    Role: dp((d) => d.roles),
    RoleAssignment: dp((d) => d.roleAssignments),
    Topic: dp((d) => d.topics),
    Schema: dp((d) => d.schemas),
    SchemaRegistryAcl: dp((d) =>
      d.schemaRegistryAcls.map((a) =>
        tuple(
          a.resource_type,
          a.pattern_type,
          a.resource,
          a.principal,
          a.host,
          a.operation,
          a.permission,
        ),
      ),
    ),
    Pipeline: dp((d) => d.pipelines),
    Secret: dp((d) => d.secrets),
    Quota: dp((d) => d.quotas.map((q) => q.replace(":", "/"))),
    ConnectorSecret: dp((d) => d.connectSecrets),
    Connector: dp((d) => d.connectors),
    Transform: dp((d) => d.transforms),
  };
}

export async function stateListing(stack: TestStack): Promise<Listing> {
  const deployment = (await stack.exportState()) as {
    resources?: { type: string; id?: string }[];
  };
  const listing: Listing = {};
  for (const r of deployment.resources ?? []) {
    const m = /^pulumi-nodejs:dynamic\/redpanda:(\w+)$/.exec(r.type);
    if (!m || !r.id) continue;
    (listing[m[1]!] ??= []).push(r.id);
  }
  for (const k of Object.keys(listing)) listing[k] = sorted(listing[k]!);
  return listing;
}

/** Both listings, for `expect(a).toEqual(b)`; kinds absent from both are left out. */
export async function inventoryAndState(
  t: TestEmulator,
  stack: TestStack,
): Promise<{ emulator: Listing; state: Listing }> {
  const emulator = emulatorListing(t);
  const state = await stateListing(stack);
  for (const k of Object.keys(emulator)) {
    state[k] ??= [];
    if (emulator[k]!.length === 0 && state[k]!.length === 0) {
      delete emulator[k];
      delete state[k];
    }
  }
  return { emulator, state };
}
