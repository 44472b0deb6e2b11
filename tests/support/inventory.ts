/**
 * Compares what the emulator holds with what the Pulumi state says exists: after any fault, the
 * two must list the same objects — no orphan (in the emulator only), no ghost (in state only),
 * no duplicate.
 */
import type { TestEmulator } from "./emulator";
import type { TestStack } from "./pulumi";

type Inventory = {
  resourceGroups: string[];
  networks: string[];
  clusters: string[];
  serverlessClusters: string[];
  roleBindings: string[];
  serviceAccounts: string[];
  dataplanes: Record<
    string,
    Record<"users" | "topics" | "pipelines" | "connectors" | "connectSecrets", string[]>
  >;
};

export type Listing = Record<string, string[]>;

const sorted = (xs: string[]): string[] => [...xs].sort();

export function emulatorListing(t: TestEmulator): Listing {
  const inv = t.emu.inventory() as unknown as Inventory;
  const dp = (kind: keyof Inventory["dataplanes"][string]) =>
    sorted(Object.values(inv.dataplanes).flatMap((d) => d[kind]));
  return {
    ResourceGroup: sorted(inv.resourceGroups),
    Network: sorted(inv.networks),
    Cluster: sorted(inv.clusters),
    ServerlessCluster: sorted(inv.serverlessClusters),
    ServiceAccount: sorted(inv.serviceAccounts),
    RoleBinding: sorted(inv.roleBindings),
    User: dp("users"),
    Topic: dp("topics"),
    Pipeline: dp("pipelines"),
    Connector: dp("connectors"),
    ConnectorSecret: dp("connectSecrets"),
  };
}

export async function stateListing(stack: TestStack): Promise<Listing> {
  const deployment = (await stack.exportState()) as {
    resources?: { type: string; id?: string }[];
  };
  const listing: Listing = {};
  for (const r of deployment.resources ?? []) {
    const m = /^pulumi-nodejs:dynamic\/redpanda:(\w+)$/.exec(r.type);
    if (!m || !r.id || m[1] === "Acl") continue;
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
