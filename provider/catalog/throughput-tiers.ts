/**
 * The throughput tiers a program may look up (getThroughputTiers). The API has no endpoint for
 * tiers, so they are the vendor's region catalogue as contract/cloud-regions.json keeps it
 * (derived by `npm run contract` from the vendor's regions page), with the tiers the vendor's own
 * examples use added (contract/catalog-witnesses.json): the real service creates those.
 */
import { readContract } from "./contract";
import { WITNESSED_PLACEMENTS } from "./witnessed";

/** A throughput tier as getThroughputTiers returns it. */
export interface ThroughputTierInfo {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region it is offered in. */
  region: string;
  /** Tier name, for `Cluster.throughputTier`. */
  name: string;
  /** Cluster types it is offered for. */
  clusterTypes: string[];
}

/** contract/cloud-regions.json as far as tiers go. */
interface RegionCatalogue {
  regions: {
    cloudProvider: string;
    name: string;
    tiers: { name: string; clusterTypes: string[] }[];
  }[];
}

/** One row per cloud, region and tier of the catalogue, in the page's order. */
function catalogueTiers(): ThroughputTierInfo[] {
  return readContract<RegionCatalogue>("cloud-regions.json").regions.flatMap((r) =>
    r.tiers.map((t) => ({
      cloudProvider: r.cloudProvider,
      region: r.name,
      name: t.name,
      clusterTypes: [...t.clusterTypes],
    })),
  );
}

/**
 * The catalogue's rows with the tiers the vendor's examples use added (the Terraform provider's
 * `tier-1-aws-v2-arm` for Dedicated clusters in us-east-2, which the page does not list there).
 */
function tiersWithWitnesses(): ThroughputTierInfo[] {
  const rows = catalogueTiers();
  for (const p of WITNESSED_PLACEMENTS) {
    if (!p.throughputTier) continue;
    const row = rows.find(
      (t) =>
        t.cloudProvider === p.cloudProvider && t.region === p.region && t.name === p.throughputTier,
    );
    if (!row) {
      rows.push({
        cloudProvider: p.cloudProvider,
        region: p.region,
        name: p.throughputTier,
        clusterTypes: [p.clusterType],
      });
    } else if (!row.clusterTypes.includes(p.clusterType)) {
      row.clusterTypes.push(p.clusterType);
    }
  }
  return rows;
}

/** Every tier a program may look up: the catalogue's and the witnessed ones. */
export const THROUGHPUT_TIERS: readonly Readonly<ThroughputTierInfo>[] = tiersWithWitnesses();
