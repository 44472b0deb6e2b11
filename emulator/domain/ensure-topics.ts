/** The service makes its own topics (internal-topics.ts) in the table and, with one, the broker. */
import type { EmulatorContext } from "../context";
import { addTopics, missingTopics } from "./internal-topics";
import type { DpTopic } from "./records";

/**
 * Makes the service's own topics exist on a cluster whose data plane exists: in the broker first
 * (when the cluster has one), then in the table. Nothing happens for topics already there.
 */
export async function ensureInternalTopics(
  ctx: EmulatorContext,
  clusterId: string,
  topics: DpTopic[],
): Promise<void> {
  const dp = ctx.world.dataplanes[clusterId];
  if (!dp) return;
  const missing = missingTopics(dp, topics);
  if (missing.length === 0) return;
  await ctx.kafkaCreateTopics?.(clusterId, missing);
  addTopics(dp, missing);
  ctx.touch();
}
