/**
 * Preview-time checks of a placement against the live region catalogue, which the caller reads
 * (read-only GETs: `listRegions`, `listServerlessRegions`). A region the vendor adds tomorrow is
 * accepted as soon as the API lists it, and when the catalogue lists nothing the check says
 * nothing and the API decides at create. What the vendor's own examples use (./witnessed.ts: the
 * OpenAPI examples, the API quickstart, the Terraform provider's examples and acceptance
 * configurations) is accepted even when the listing leaves it out: the real service creates those
 * (the quickstart's Dedicated GCP us-west1 cluster, the Terraform provider's zones `us-west-2a`..),
 * so a preview must not refuse them. The vendor's Region has no tiers, so a throughput tier is
 * checked by the API at create, whose refusal lists the tiers offered.
 */
import { WITNESSED_PLACEMENTS, WITNESSED_SERVERLESS_REGIONS } from "./witnessed";

/** A problem with an input, for the lifecycle's check failures. */
export interface PlacementProblem {
  property: string;
  reason: string;
}

/** A region as the catalogue lists it. */
export interface OfferedRegion {
  name: string;
  zones?: readonly string[];
}

const witnessed = (cloud: string, region: string) =>
  WITNESSED_PLACEMENTS.filter((p) => p.cloudProvider === cloud && p.region === region);

const TYPE_LABEL: Record<string, string> = { TYPE_DEDICATED: "Dedicated", TYPE_BYOC: "BYOC" };

/**
 * `region` must be one of `offered` (what the cloud offers for the cluster type); `zones`, if
 * given, must be its own.
 */
export function regionProblems(
  kind: string,
  offered: readonly OfferedRegion[],
  placement: {
    cloudProvider: string;
    region: string;
    clusterType: string;
    zones?: readonly string[];
  },
): PlacementProblem[] {
  const { cloudProvider, region, clusterType, zones } = placement;
  if (offered.length === 0) return [];
  const match = offered.find((r) => r.name === region);
  const label = TYPE_LABEL[clusterType] ?? clusterType;
  const examples = witnessed(cloudProvider, region);
  const typeWitnessed = examples.some((p) => p.clusterType === clusterType);
  if (!match && !typeWitnessed) {
    return [
      {
        property: "region",
        reason: `${kind} region ${region} is not offered for ${label} clusters on ${cloudProvider}; offered: ${offered.map((r) => r.name).join(", ")}`,
      },
    ];
  }
  const listed = match?.zones ?? [];
  const exampleZones = examples.flatMap((p) => p.zones);
  const foreign = (zones ?? []).filter(
    (z) => listed.length > 0 && !listed.includes(z) && !exampleZones.includes(z),
  );
  if (foreign.length === 0) return [];
  return [
    {
      property: "zones",
      reason: `${kind} zones ${foreign.join(", ")} are not zones of ${region}; its zones: ${listed.join(", ")}`,
    },
  ];
}

/** `serverlessRegion` must be one of `offered` (the Serverless regions of every cloud). */
export function serverlessRegionProblems(
  offered: readonly OfferedRegion[],
  region: string,
): PlacementProblem[] {
  if (offered.length === 0 || offered.some((r) => r.name === region)) return [];
  if (WITNESSED_SERVERLESS_REGIONS.some((r) => r.serverlessRegion === region)) return [];
  return [
    {
      property: "serverlessRegion",
      reason: `ServerlessCluster serverlessRegion ${region} is not offered; offered: ${offered.map((r) => r.name).join(", ")}`,
    },
  ];
}
