/**
 * Preview-time checks against the live region catalogue (read-only GETs, like the CIDR overlap
 * check). The package keeps no region list of its own: a region the vendor adds tomorrow is
 * accepted as soon as the API lists it, and when the catalogue cannot be read (or lists nothing)
 * the check says nothing and the API decides at create. The vendor's Region has no tiers, so a
 * throughput tier is checked by the API at create, whose refusal lists the tiers offered.
 */
import { getClients } from "../context";
import type { CheckFailure } from "../lifecycle";

const TYPE_LABEL: Record<string, string> = { TYPE_DEDICATED: "Dedicated", TYPE_BYOC: "BYOC" };

/** `region` must be one the cloud offers for the cluster type; `zones`, if given, must be its own. */
export async function regionProblems(
  kind: string,
  cloudProvider: string,
  region: string,
  clusterType: string,
  zones?: readonly string[],
): Promise<CheckFailure[]> {
  const offered = await getClients().controlPlane.listRegions(cloudProvider, clusterType);
  if (offered.length === 0) return [];
  const match = offered.find((r) => r.name === region);
  const label = TYPE_LABEL[clusterType] ?? clusterType;
  if (!match) {
    return [
      {
        property: "region",
        reason: `${kind} region ${region} is not offered for ${label} clusters on ${cloudProvider}; offered: ${offered.map((r) => r.name).join(", ")}`,
      },
    ];
  }
  const foreign = (zones ?? []).filter((z) => match.zones.length > 0 && !match.zones.includes(z));
  if (foreign.length === 0) return [];
  return [
    {
      property: "zones",
      reason: `${kind} zones ${foreign.join(", ")} are not zones of ${region}; its zones: ${match.zones.join(", ")}`,
    },
  ];
}

const CLOUDS = ["CLOUD_PROVIDER_AWS", "CLOUD_PROVIDER_GCP", "CLOUD_PROVIDER_AZURE"];

/** `serverlessRegion` must be one the vendor lists for Serverless on any cloud. */
export async function serverlessRegionProblems(region: string): Promise<CheckFailure[]> {
  const cp = getClients().controlPlane;
  const lists = await Promise.all(CLOUDS.map((c) => cp.listServerlessRegions(c).catch(() => [])));
  const offered = lists.flat();
  if (offered.length === 0 || offered.some((r) => r.name === region)) return [];
  return [
    {
      property: "serverlessRegion",
      reason: `ServerlessCluster serverlessRegion ${region} is not offered; offered: ${offered.map((r) => r.name).join(", ")}`,
    },
  ];
}
