/**
 * The regions, zones and throughput tiers the emulator offers. Two witnesses, each kept as data:
 * - the vendor's regions page, as contract/cloud-regions.json keeps it (derived by
 *   scripts/contract/derive.mjs), plus the serverless regions the vendor names;
 * - the placements the vendor's own examples use (contract/catalog-witnesses.json, by
 *   scripts/contract/witnesses.mjs): the OpenAPI examples and the API quickstart (a Dedicated GCP
 *   cluster in us-west1, which the page lists for BYOC only) and every Terraform provider example
 *   and acceptance configuration (a Dedicated `tier-1-aws-v2-arm` cluster in us-east-2, zones
 *   `us-west-2a`..). The real service accepts those, so the emulator does too.
 * The `strict` catalogue (`--catalog strict`) is the page alone.
 */
import { loadContract } from "./contract";

export type CloudProvider = "CLOUD_PROVIDER_AWS" | "CLOUD_PROVIDER_GCP" | "CLOUD_PROVIDER_AZURE";
export type ClusterType = "TYPE_DEDICATED" | "TYPE_BYOC";

export const CLOUD_PROVIDERS: readonly CloudProvider[] = [
  "CLOUD_PROVIDER_AWS",
  "CLOUD_PROVIDER_GCP",
  "CLOUD_PROVIDER_AZURE",
];

export interface Region {
  cloudProvider: CloudProvider;
  name: string;
  /** The zones the region lists (the page's; a region only the examples use: theirs). */
  zones: string[];
  /** Zones a cluster may name: the listed ones and those the examples use. */
  acceptedZones: string[];
  /** Tiers offered per cluster type in this region. */
  tiers: Record<ClusterType, string[]>;
}

export interface ServerlessRegion {
  cloudProvider: CloudProvider;
  name: string;
}

interface CatalogueFile {
  regions: {
    cloudProvider: CloudProvider;
    name: string;
    zones: string[];
    tiers: { name: string; clusterTypes: ClusterType[] }[];
  }[];
  serverlessRegions: ServerlessRegion[];
}

/** One placement a vendor example uses, with its source (catalog-witnesses.json). */
export interface Witness {
  kind: "network" | "cluster" | "serverless-cluster" | "serverless-private-link";
  source: string;
  cloudProvider?: CloudProvider;
  region?: string;
  clusterType?: ClusterType;
  throughputTier?: string;
  zones?: string[];
  cidrBlock?: string;
  serverlessRegion?: string;
}

const file = loadContract<CatalogueFile>("cloud-regions.json");
export const WITNESSES: readonly Witness[] = loadContract<{ examples: Witness[] }>(
  "catalog-witnesses.json",
).examples;

const PAGE: readonly Region[] = file.regions.map((r) => ({
  cloudProvider: r.cloudProvider,
  name: r.name,
  zones: r.zones,
  acceptedZones: r.zones,
  tiers: {
    TYPE_DEDICATED: r.tiers
      .filter((t) => t.clusterTypes.includes("TYPE_DEDICATED"))
      .map((t) => t.name),
    TYPE_BYOC: r.tiers.filter((t) => t.clusterTypes.includes("TYPE_BYOC")).map((t) => t.name),
  },
}));

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/** The page with every witnessed region, cluster type, tier and zone added. */
function withWitnesses(): Region[] {
  const regions = PAGE.map((r) => ({
    ...r,
    tiers: { TYPE_DEDICATED: [...r.tiers.TYPE_DEDICATED], TYPE_BYOC: [...r.tiers.TYPE_BYOC] },
  }));
  // Clusters first: a network's type is then already backed by its clusters' tiers.
  const placed = [
    ...WITNESSES.filter((w) => w.kind === "cluster"),
    ...WITNESSES.filter((w) => w.kind === "network"),
  ];
  for (const w of placed) {
    if (!w.cloudProvider || !w.region || !w.clusterType) continue;
    let region = regions.find((r) => r.cloudProvider === w.cloudProvider && r.name === w.region);
    if (!region) {
      region = {
        cloudProvider: w.cloudProvider,
        name: w.region,
        zones: [],
        acceptedZones: [],
        tiers: { TYPE_DEDICATED: [], TYPE_BYOC: [] },
      };
      regions.push(region);
    }
    const type = w.clusterType;
    // A witnessed network with no cluster still says the region takes this cluster type; the
    // region's first tier for the type stands in until a cluster example names one.
    const tiers = w.throughputTier ? [w.throughputTier] : [];
    region.tiers[type] = union(region.tiers[type], tiers);
    if (region.tiers[type].length === 0) {
      const other = regions.find(
        (r) => r.cloudProvider === w.cloudProvider && r.tiers[type].length,
      );
      region.tiers[type] = other ? [...other.tiers[type]] : [];
    }
    region.acceptedZones = union(region.acceptedZones, w.zones ?? []);
    if (region.zones.length === 0) region.zones = [...region.acceptedZones];
  }
  return regions;
}
const WITNESSED = withWitnesses();

/** Serverless regions: the page's, and those the examples use (`pro-us-east-1`, ...). */
function serverlessWithWitnesses(): ServerlessRegion[] {
  const out = [...file.serverlessRegions];
  for (const w of WITNESSES) {
    const name = w.serverlessRegion;
    if (!name || out.some((r) => r.name === name)) continue;
    out.push({ cloudProvider: w.cloudProvider ?? "CLOUD_PROVIDER_AWS", name });
  }
  return out;
}
const SERVERLESS_WITNESSED = serverlessWithWitnesses();

/** The whole catalogue: strict = the regions page alone; otherwise the page and the examples. */
export function regions(strict = false): readonly Region[] {
  return strict ? PAGE : WITNESSED;
}

export function serverlessRegions(strict = false): readonly ServerlessRegion[] {
  return strict ? file.serverlessRegions : SERVERLESS_WITNESSED;
}

/** Every tier name the catalogue knows. */
export function allTiers(strict = false): Set<string> {
  return new Set(regions(strict).flatMap((r) => [...r.tiers.TYPE_DEDICATED, ...r.tiers.TYPE_BYOC]));
}

export function findRegion(cloud: string, name: string, strict = false): Region | undefined {
  return regions(strict).find((r) => r.cloudProvider === cloud && r.name === name);
}

/** Regions of a cloud, in the catalogue's order; with a cluster type, only those offering it. */
export function regionsOf(cloud: string, type?: string, strict = false): Region[] {
  return regions(strict).filter(
    (r) =>
      r.cloudProvider === cloud && (type === undefined || r.tiers[type as ClusterType]?.length),
  );
}

/**
 * The vendor's own service network: customer networks must not overlap it. The real range is not
 * published; the emulator reserves this one and documents it.
 */
export const SERVICE_NETWORK_CIDR = "10.255.0.0/16";
