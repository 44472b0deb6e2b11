/**
 * The placements the vendor's own examples use (contract/catalog-witnesses.json, collected by
 * `npm run contract:witnesses` from the OpenAPI examples, the API quickstart and the Terraform
 * provider's examples), as distinct combinations each with every source that uses it. The real
 * service creates these, so a preview must not refuse them even when the regions page leaves
 * them out.
 */
import { readContract } from "./contract";

/** A placement one or more of the vendor's examples use. */
export interface WitnessedPlacement {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region name. */
  region: string;
  /** `TYPE_DEDICATED` or `TYPE_BYOC`. */
  clusterType: string;
  /** The cluster's tier; absent for a network. */
  throughputTier?: string;
  /** The cluster's zones; empty for a network. */
  zones: string[];
  /** The examples that use it (file or OpenAPI path). */
  sources: string[];
}

/** A Serverless region one or more of the vendor's examples use. */
export interface WitnessedServerlessRegion {
  /** Region name, for `ServerlessCluster.serverlessRegion`. */
  serverlessRegion: string;
  /** Cloud provider enum string, when the example names one. */
  cloudProvider?: string;
  /** The examples that use it. */
  sources: string[];
}

/** One example of contract/catalog-witnesses.json. */
interface Example {
  kind: "network" | "cluster" | "serverless-cluster" | "serverless-private-link";
  source: string;
  cloudProvider?: string;
  region?: string;
  clusterType?: string;
  throughputTier?: string;
  zones?: string[];
  serverlessRegion?: string;
}

/** The examples grouped: one row per distinct combination, in the order first used. */
function combinations(examples: readonly Example[]) {
  const placements = new Map<string, WitnessedPlacement>();
  const serverless = new Map<string, WitnessedServerlessRegion>();
  for (const e of examples) {
    if (e.kind.startsWith("serverless")) {
      // A Serverless region is one combination whether a cluster or a private link names it.
      const region = e.serverlessRegion as string;
      const row = serverless.get(region) ?? { serverlessRegion: region, sources: [] };
      if (e.cloudProvider !== undefined) row.cloudProvider ??= e.cloudProvider;
      if (!row.sources.includes(e.source)) row.sources.push(e.source);
      serverless.set(region, row);
      continue;
    }
    const zones = e.zones ?? [];
    const key = JSON.stringify([e.cloudProvider, e.region, e.clusterType, e.throughputTier, zones]);
    const row = placements.get(key) ?? {
      cloudProvider: e.cloudProvider as string,
      region: e.region as string,
      clusterType: e.clusterType as string,
      ...(e.throughputTier === undefined ? {} : { throughputTier: e.throughputTier }),
      zones,
      sources: [],
    };
    if (!row.sources.includes(e.source)) row.sources.push(e.source);
    placements.set(key, row);
  }
  return { placements: [...placements.values()], serverless: [...serverless.values()] };
}

const WITNESSED = combinations(
  readContract<{ examples: Example[] }>("catalog-witnesses.json").examples,
);

/** Region, cluster type, tier and zones the vendor's examples use, with their sources. */
export const WITNESSED_PLACEMENTS: readonly WitnessedPlacement[] = WITNESSED.placements;

/** Serverless regions the vendor's examples use, with their sources. */
export const WITNESSED_SERVERLESS_REGIONS: readonly WitnessedServerlessRegion[] =
  WITNESSED.serverless;
