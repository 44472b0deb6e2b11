/**
 * Topic rules: replication, retention bounds, cleanup policies, partitions. Each reads what the
 * program sets; an unset input is the cluster's default, which a program does not choose (Redpanda
 * Cloud's own defaults are 3 replicas and 7 days' retention).
 */
import type { Finding, Rule } from "../rule";
import { read } from "../rule";

/** A topic config as a number, when it is set and numeric. */
function configNumber(props: unknown, name: string): number | undefined {
  const v = read(props, "configs", name);
  const n = typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

export const topicReplication: Rule<{ minReplicationFactor: number }> = {
  name: "topic-min-replication-factor",
  description:
    "Topics keep at least `minReplicationFactor` replicas of each partition (default 3).",
  enforcementLevel: "mandatory",
  kinds: ["Topic"],
  reads: ["replicationFactor", "replicaAssignments"],
  config: {
    minReplicationFactor: {
      type: "integer",
      minimum: 1,
      default: 3,
      description: "The fewest replicas a topic may have.",
    },
  },
  check(t, { minReplicationFactor: min }) {
    const found: Finding[] = [];
    const rf = read(t.props, "replicationFactor");
    if (typeof rf === "number" && rf < min) {
      found.push({
        property: "replicationFactor",
        value: rf,
        problem: `below the minimum ${min}`,
        fix: `set replicationFactor to ${min} or more (a change replaces the topic)`,
      });
    }
    const assigned = read(t.props, "replicaAssignments");
    const count = Array.isArray(assigned) ? assigned.length : 0;
    for (let i = 0; i < count; i++) {
      const ids = read(assigned, i, "replicaIds");
      if (Array.isArray(ids) && ids.length < min) {
        found.push({
          property: `replicaAssignments[${i}].replicaIds`,
          value: ids,
          problem: `${ids.length} replica(s), below the minimum ${min}`,
          fix: `name ${min} or more brokers for every partition`,
        });
      }
    }
    return found;
  },
};

interface RetentionConfig {
  minRetentionMs?: number;
  maxRetentionMs?: number;
  minRetentionBytes?: number;
  maxRetentionBytes?: number;
  allowUnlimitedRetention: boolean;
}

/** One of retention.ms / retention.bytes against its bounds; -1 is Kafka's "unlimited". */
function retentionFinding(
  props: unknown,
  name: "retention.ms" | "retention.bytes",
  min: number | undefined,
  max: number | undefined,
  allowUnlimited: boolean,
): Finding | undefined {
  const n = configNumber(props, name);
  if (n === undefined) return undefined;
  const property = `configs["${name}"]`;
  const value = String(n);
  const bounds = `between ${min ?? 0} and ${max ?? "unlimited"}`;
  if (n === -1) {
    if (max === undefined || allowUnlimited) return undefined;
    return {
      property,
      value,
      problem: `unlimited, above the maximum ${max}`,
      fix: `set it ${bounds} (or allowUnlimitedRetention in the policy config)`,
    };
  }
  if (min !== undefined && n < min) {
    return { property, value, problem: `below the minimum ${min}`, fix: `set it ${bounds}` };
  }
  if (max !== undefined && n > max) {
    return { property, value, problem: `above the maximum ${max}`, fix: `set it ${bounds}` };
  }
  return undefined;
}

export const topicRetention: Rule<RetentionConfig> = {
  name: "topic-retention-bounds",
  description:
    "Topic retention (`retention.ms`, `retention.bytes`) stays within the bounds in config " +
    "(default: 1 hour to 30 days; no byte bounds; -1, unlimited, refused where a maximum is set).",
  enforcementLevel: "mandatory",
  kinds: ["Topic"],
  reads: ["configs"],
  config: {
    minRetentionMs: { type: "integer", default: 3_600_000, description: "Least retention.ms." },
    maxRetentionMs: { type: "integer", default: 2_592_000_000, description: "Most retention.ms." },
    minRetentionBytes: { type: "integer", description: "Least retention.bytes (none if unset)." },
    maxRetentionBytes: { type: "integer", description: "Most retention.bytes (none if unset)." },
    allowUnlimitedRetention: {
      type: "boolean",
      default: false,
      description: "Allow -1 (unlimited) even where a maximum is set.",
    },
  },
  check(t, c) {
    return [
      retentionFinding(
        t.props,
        "retention.ms",
        c.minRetentionMs,
        c.maxRetentionMs,
        c.allowUnlimitedRetention,
      ),
      retentionFinding(
        t.props,
        "retention.bytes",
        c.minRetentionBytes,
        c.maxRetentionBytes,
        c.allowUnlimitedRetention,
      ),
    ].filter((f): f is Finding => f !== undefined);
  },
};

/** `delete,compact` and `compact, delete` are one policy. */
const normalPolicy = (p: string): string =>
  p
    .split(",")
    .map((s) => s.trim())
    .sort()
    .join(",");

export const topicCleanupPolicy: Rule<{ allowedCleanupPolicies: string[] }> = {
  name: "topic-cleanup-policy",
  description:
    "A topic's `cleanup.policy` is one of `allowedCleanupPolicies` " +
    '(default "delete", "compact", "compact,delete": "none", which never frees space, is refused).',
  enforcementLevel: "mandatory",
  kinds: ["Topic"],
  reads: ["configs"],
  config: {
    allowedCleanupPolicies: {
      type: "array",
      items: { type: "string" },
      default: ["delete", "compact", "compact,delete"],
      description: "The cleanup.policy values allowed (order within one value does not matter).",
    },
  },
  check(t, { allowedCleanupPolicies: allowed }) {
    const v = read(t.props, "configs", "cleanup.policy");
    if (typeof v !== "string" || allowed.map(normalPolicy).includes(normalPolicy(v))) return [];
    return [
      {
        property: `configs["cleanup.policy"]`,
        value: v,
        problem: "not an allowed cleanup policy",
        fix: `use one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`,
      },
    ];
  },
};

export const topicPartitions: Rule<{ maxPartitions: number }> = {
  name: "topic-max-partitions",
  description: "A topic has at most `maxPartitions` partitions (default 100).",
  enforcementLevel: "mandatory",
  kinds: ["Topic"],
  reads: ["partitionCount", "replicaAssignments"],
  config: {
    maxPartitions: {
      type: "integer",
      minimum: 1,
      default: 100,
      description: "The most partitions a topic may have.",
    },
  },
  check(t, { maxPartitions: max }) {
    const assigned = read(t.props, "replicaAssignments");
    const count = read(t.props, "partitionCount");
    const [property, n] = Array.isArray(assigned)
      ? ["replicaAssignments (partitions)", assigned.length]
      : ["partitionCount", count];
    if (typeof n !== "number" || n <= max) return [];
    return [
      {
        property,
        value: n,
        problem: `above the maximum ${max}`,
        fix: `use at most ${max} partitions (partitions cannot be removed once created)`,
      },
    ];
  },
};
