/** The service makes its own topics (internal-topics.ts) in the table and, with one, the broker. */
import type { EmulatorContext } from "../context";
import { brokerFailure } from "../kafka-errors";
import { addTopics, missingTopics } from "./internal-topics";
import type { DpTopic } from "./records";

/**
 * Creations under way, per emulator, by cluster and topics. Requests that arrive while one runs
 * wait for it instead of starting their own, as every route of Redpanda's Schema Registry waits on
 * the one `ensure_started` that creates `_schemas` (redpanda-data/redpanda
 * src/v/pandaproxy/schema_registry/service.cc: each route is wrapped in the same one_shot around
 * do_start). Pulumi makes a stack's registry objects in parallel: they are its first requests.
 */
const underWay = new WeakMap<EmulatorContext, Map<string, Promise<void>>>();

/**
 * Makes the service's own topics exist on a cluster whose data plane exists: in the broker first
 * (when the cluster has one), then in the table. Nothing happens for topics already there. A
 * failure is an API error (the broker's refusal as the vendor answers it, or the Kafka API
 * unavailable), never the emulator's own 500.
 */
export async function ensureInternalTopics(
  ctx: EmulatorContext,
  clusterId: string,
  topics: DpTopic[],
): Promise<void> {
  const dp = ctx.world.dataplanes[clusterId];
  if (!dp || missingTopics(dp, topics).length === 0) return;
  let flights = underWay.get(ctx);
  if (!flights) underWay.set(ctx, (flights = new Map()));
  const key = `${clusterId}/${topics.map((t) => t.name).join(",")}`;
  let flight = flights.get(key);
  if (!flight) {
    const mine = flights;
    flight = create(ctx, clusterId, missingTopics(dp, topics)).finally(() => mine.delete(key));
    flights.set(key, flight);
  }
  await flight;
}

async function create(ctx: EmulatorContext, clusterId: string, missing: DpTopic[]): Promise<void> {
  try {
    await ctx.kafkaCreateTopics?.(clusterId, missing);
  } catch (err) {
    throw brokerFailure(err, clusterId);
  }
  // The cluster may have been deleted (or the world reset) meanwhile: then nothing is recorded.
  const dp = ctx.world.dataplanes[clusterId];
  if (!dp) return;
  addTopics(dp, missingTopics(dp, missing));
  ctx.touch();
}
