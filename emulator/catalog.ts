/**
 * The regions, zones and throughput tiers the emulator offers: the vendor's whole catalogue, as
 * emulator/contract/cloud-regions.json keeps it (derived from the vendor's region catalogue by
 * scripts/contract/derive.mjs), plus the serverless regions the vendor names.
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
  zones: string[];
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

const file = loadContract<CatalogueFile>("cloud-regions.json");

export const REGIONS: readonly Region[] = file.regions.map((r) => ({
  cloudProvider: r.cloudProvider,
  name: r.name,
  zones: r.zones,
  tiers: {
    TYPE_DEDICATED: r.tiers
      .filter((t) => t.clusterTypes.includes("TYPE_DEDICATED"))
      .map((t) => t.name),
    TYPE_BYOC: r.tiers.filter((t) => t.clusterTypes.includes("TYPE_BYOC")).map((t) => t.name),
  },
}));

export const SERVERLESS_REGIONS: readonly ServerlessRegion[] = file.serverlessRegions;

export const ALL_TIERS = new Set(file.regions.flatMap((r) => r.tiers.map((t) => t.name)));

export function findRegion(cloud: string, name: string): Region | undefined {
  return REGIONS.find((r) => r.cloudProvider === cloud && r.name === name);
}

/** Regions of a cloud, in the catalogue's order; with a cluster type, only those offering it. */
export function regionsOf(cloud: string, type?: string): Region[] {
  return REGIONS.filter(
    (r) =>
      r.cloudProvider === cloud && (type === undefined || r.tiers[type as ClusterType]?.length),
  );
}

/**
 * The vendor's own service network: customer networks must not overlap it. The real range is not
 * published; the emulator reserves this one and documents it.
 */
export const SERVICE_NETWORK_CIDR = "10.255.0.0/16";
