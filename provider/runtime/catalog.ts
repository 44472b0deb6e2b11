/**
 * Preview-time checks against the live region catalogue (read-only GETs). A region the vendor adds
 * tomorrow is accepted as soon as the API lists it, and when the catalogue cannot be read (or
 * lists nothing) the check says nothing and the API decides at create. What the vendor's own
 * examples use (provider/catalog/witnessed.ts: the OpenAPI examples, the API quickstart, the
 * Terraform provider's examples and acceptance configurations) is accepted even when the listing
 * leaves it out: the real service creates those (the quickstart's Dedicated GCP us-west1 cluster,
 * the Terraform provider's zones `us-west-2a`..), so a preview must not refuse them. The vendor's
 * Region has no tiers, so a throughput tier is checked by the API at create, whose refusal lists
 * the tiers offered.
 */
import { WITNESSED_PLACEMENTS, WITNESSED_SERVERLESS_REGIONS } from "../catalog/witnessed";
import { getClients } from "./context";
import type { CheckFailure } from "./lifecycle";

const witnessed = (cloud: string, region: string) =>
  WITNESSED_PLACEMENTS.filter((p) => p.cloudProvider === cloud && p.region === region);

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

const CLOUDS = ["CLOUD_PROVIDER_AWS", "CLOUD_PROVIDER_GCP", "CLOUD_PROVIDER_AZURE"];

/** `serverlessRegion` must be one the vendor lists for Serverless on any cloud. */
export async function serverlessRegionProblems(region: string): Promise<CheckFailure[]> {
  const cp = getClients().controlPlane;
  const lists = await Promise.all(CLOUDS.map((c) => cp.listServerlessRegions(c).catch(() => [])));
  const offered = lists.flat();
  if (offered.length === 0 || offered.some((r) => r.name === region)) return [];
  if (WITNESSED_SERVERLESS_REGIONS.some((r) => r.serverlessRegion === region)) return [];
  return [
    {
      property: "serverlessRegion",
      reason: `ServerlessCluster serverlessRegion ${region} is not offered; offered: ${offered.map((r) => r.name).join(", ")}`,
    },
  ];
}
