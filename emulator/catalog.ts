/**
 * The regions, zones and throughput tiers the emulator offers: a small, fixed slice of the vendor's
 * catalogue (api-docs x-topics/cloud-regions.md), enough to exercise the cross-field rules.
 */
export type CloudProvider = "CLOUD_PROVIDER_AWS" | "CLOUD_PROVIDER_GCP" | "CLOUD_PROVIDER_AZURE";

export const CLOUD_PROVIDERS: readonly CloudProvider[] = [
  "CLOUD_PROVIDER_AWS",
  "CLOUD_PROVIDER_GCP",
  "CLOUD_PROVIDER_AZURE",
];

interface Region {
  zones: string[];
  /** Tiers offered per cluster type in this region. */
  tiers: { TYPE_DEDICATED: string[]; TYPE_BYOC: string[] };
}

const gcpTiers = ["tier-1-gcp-v2-x86", "tier-2-gcp-v2-x86", "tier-3-gcp-v2-x86"];
const awsTiers = ["tier-1-aws-v2-arm", "tier-2-aws-v2-arm", "tier-3-aws-v2-arm"];
const azureTiers = ["tier-1-azure-v3-x86", "tier-2-azure-v3-x86"];

export const REGIONS: Record<CloudProvider, Record<string, Region>> = {
  CLOUD_PROVIDER_GCP: {
    "us-central1": {
      zones: ["us-central1-a", "us-central1-b", "us-central1-c", "us-central1-f"],
      tiers: { TYPE_DEDICATED: gcpTiers, TYPE_BYOC: gcpTiers },
    },
    "europe-west1": {
      zones: ["europe-west1-b", "europe-west1-c", "europe-west1-d"],
      // A region where the largest tier is not offered for Dedicated clusters.
      tiers: { TYPE_DEDICATED: gcpTiers.slice(0, 2), TYPE_BYOC: gcpTiers },
    },
  },
  CLOUD_PROVIDER_AWS: {
    "us-east-1": {
      zones: ["use1-az1", "use1-az2", "use1-az4", "use1-az6"],
      tiers: { TYPE_DEDICATED: awsTiers, TYPE_BYOC: awsTiers },
    },
    "us-west-2": {
      zones: ["usw2-az1", "usw2-az2", "usw2-az3"],
      tiers: { TYPE_DEDICATED: awsTiers, TYPE_BYOC: awsTiers },
    },
  },
  CLOUD_PROVIDER_AZURE: {
    eastus: {
      zones: ["eastus-az1", "eastus-az2", "eastus-az3"],
      tiers: { TYPE_DEDICATED: azureTiers, TYPE_BYOC: azureTiers },
    },
  },
};

export const ALL_TIERS = new Set([...gcpTiers, ...awsTiers, ...azureTiers]);

/** Serverless regions (`serverless_region`), as the vendor names them. */
export const SERVERLESS_REGIONS = ["pro-us-east-1", "pro-eu-central-1", "pro-us-central1"];

/**
 * The vendor's own service network: customer networks must not overlap it. The real range is not
 * published; the emulator reserves this one and documents it.
 */
export const SERVICE_NETWORK_CIDR = "10.255.0.0/16";
