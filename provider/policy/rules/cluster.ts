/**
 * Cluster rules: private networking in the stacks named in config, and the throughput tiers and
 * regions a platform team approves (lists in config; no list, no check).
 */
import type { Finding, Rule, Subject } from "../rule";
import { inStacks, read } from "../rule";

/** The stacks the production rules apply to unless config names others (`*`: every stack). */
export const PRODUCTION_STACKS = ["prod", "production"];

const stacksSchema = {
  type: "array" as const,
  items: { type: "string" as const },
  default: PRODUCTION_STACKS,
  description: 'The stacks this rule applies to ("*": every stack).',
};

function privateFinding(t: Subject): Finding | undefined {
  if (t.kind === "ServerlessCluster") {
    const state = read(t.props, "networkingConfig", "public");
    if (state === "STATE_DISABLED" || typeof state === "symbol") return undefined;
    return {
      property: "networkingConfig.public",
      value: state,
      unsetMeans: "the public endpoint is on",
      problem: "a public endpoint",
      fix: 'set networkingConfig to { public: "STATE_DISABLED", private: "STATE_ENABLED" } with a privateLinkId',
    };
  }
  const type = read(t.props, "connectionType");
  if (type === "CONNECTION_TYPE_PRIVATE" || typeof type === "symbol") return undefined;
  return {
    property: "connectionType",
    value: type,
    unsetMeans: "the default, CONNECTION_TYPE_PUBLIC",
    problem: "reachable from the internet",
    fix: 'set connectionType to "CONNECTION_TYPE_PRIVATE" (set at creation: a change replaces the cluster)',
  };
}

export const clusterPrivate: Rule<{ stacks: string[] }> = {
  name: "cluster-private-connection",
  description:
    'Clusters in the stacks named in `stacks` (default "prod", "production") are private: ' +
    "Dedicated and BYOC clusters use CONNECTION_TYPE_PRIVATE, Serverless clusters turn their public endpoint off.",
  enforcementLevel: "mandatory",
  kinds: ["Cluster", "ServerlessCluster"],
  reads: ["connectionType", "networkingConfig"],
  config: { stacks: stacksSchema },
  check(t, c) {
    if (!inStacks(c.stacks, t.stack)) return [];
    const f = privateFinding(t);
    return f ? [f] : [];
  },
};

export const clusterTiers: Rule<{ throughputTiers: string[] }> = {
  name: "cluster-approved-tiers",
  description:
    "Dedicated and BYOC clusters use a throughput tier listed in `throughputTiers` (no list: any tier).",
  enforcementLevel: "mandatory",
  kinds: ["Cluster"],
  reads: ["throughputTier"],
  config: {
    throughputTiers: {
      type: "array",
      items: { type: "string" },
      default: [],
      description: 'The approved tiers, e.g. ["tier-1-aws-v3-arm"]; empty: any.',
    },
  },
  check(t, { throughputTiers: tiers }) {
    const tier = read(t.props, "throughputTier");
    if (tiers.length === 0 || typeof tier !== "string" || tiers.includes(tier)) return [];
    return [
      {
        property: "throughputTier",
        value: tier,
        problem: "not an approved tier",
        fix: `use one of ${tiers.join(", ")}`,
      },
    ];
  },
};

/** Where each kind names its region. */
const REGION_INPUT: Record<string, string> = {
  Cluster: "region",
  Network: "region",
  ServerlessCluster: "serverlessRegion",
};

export const clusterRegions: Rule<{ regions: string[] }> = {
  name: "cluster-approved-regions",
  description:
    "Networks and clusters (Dedicated, BYOC, Serverless) are placed in a region listed in `regions` (no list: any region).",
  enforcementLevel: "mandatory",
  kinds: Object.keys(REGION_INPUT),
  reads: ["region", "serverlessRegion"],
  config: {
    regions: {
      type: "array",
      items: { type: "string" },
      default: [],
      description: 'The approved regions, e.g. ["us-east-1", "eu-west-1"]; empty: any.',
    },
  },
  check(t, { regions }) {
    const input = REGION_INPUT[t.kind] ?? "region";
    const region = read(t.props, input);
    if (regions.length === 0 || typeof region !== "string" || regions.includes(region)) return [];
    return [
      {
        property: input,
        value: region,
        problem: "not an approved region",
        fix: `use one of ${regions.join(", ")} (a change replaces the resource)`,
      },
    ];
  },
};
