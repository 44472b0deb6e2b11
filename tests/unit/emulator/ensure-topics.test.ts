// The service's own topics: first requests that arrive together share one creation (as Redpanda's
// registry routes all wait on one ensure_started), and a failure is an API error, never a 500.
import type { EmulatorContext } from "../../../emulator/context";
import { DEFAULT_DURATIONS, Timeline } from "../../../emulator/domain/clock";
import { ensureInternalTopics } from "../../../emulator/domain/ensure-topics";
import { SCHEMAS_TOPIC } from "../../../emulator/domain/internal-topics";
import type { DpTopic } from "../../../emulator/domain/records";
import { emptyWorld } from "../../../emulator/domain/records";
import { ApiError } from "../../../emulator/errors";
import { BrokerRefused } from "../../../emulator/kafka-broker";

/** A context with one data plane (`c1`) whose broker creation is `create`. */
function context(create?: (id: string, topics: DpTopic[]) => Promise<void>): EmulatorContext {
  const world = emptyWorld();
  world.dataplanes.c1 = {
    users: {},
    acls: [],
    topics: {},
    pipelines: {},
    connectSecrets: {},
    connectors: {},
  };
  return {
    world,
    now: () => 0,
    timeline: new Timeline(DEFAULT_DURATIONS, 1),
    touch: () => undefined,
    baseUrl: () => "http://127.0.0.1:1",
    kafkaCreateTopics: create,
    reportedDataplaneUrls: new Map(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

it("creates _schemas once for five first requests at once, and not again after", async () => {
  const calls: string[][] = [];
  const ctx = context(async (_id, topics) => {
    calls.push(topics.map((t) => t.name));
    await tick();
  });
  await Promise.all([1, 2, 3, 4, 5].map(() => ensureInternalTopics(ctx, "c1", [SCHEMAS_TOPIC])));
  expect(calls).toEqual([["_schemas"]]);
  expect(ctx.world.dataplanes.c1?.topics._schemas).toEqual(SCHEMAS_TOPIC);
  await ensureInternalTopics(ctx, "c1", [SCHEMAS_TOPIC]);
  expect(calls).toHaveLength(1);
});

it("gives every waiting request the same API error when the broker refuses, and retries after", async () => {
  let fail = true;
  const ctx = context(async () => {
    await tick();
    if (fail)
      throw new BrokerRefused("creating topic _schemas: INVALID_CONFIG: …", {
        name: "INVALID_CONFIG",
        code: 40,
        retriable: false,
      });
  });
  const outcomes = await Promise.allSettled(
    [1, 2, 3].map(() => ensureInternalTopics(ctx, "c1", [SCHEMAS_TOPIC])),
  );
  for (const o of outcomes) {
    expect(o.status).toBe("rejected");
    const reason = (o as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect([reason.httpStatus, reason.code]).toEqual([400, "INVALID_ARGUMENT"]);
  }
  expect(ctx.world.dataplanes.c1?.topics._schemas).toBeUndefined();
  fail = false;
  await ensureInternalTopics(ctx, "c1", [SCHEMAS_TOPIC]);
  expect(ctx.world.dataplanes.c1?.topics._schemas).toBeDefined();
});

it("answers 503 when the broker does not answer, and records nothing for a cluster deleted meanwhile", async () => {
  const down = context(async () => {
    throw new Error("fetch failed");
  });
  await expect(ensureInternalTopics(down, "c1", [SCHEMAS_TOPIC])).rejects.toMatchObject({
    code: "UNAVAILABLE",
    message: "the Kafka API of cluster c1 did not answer: fetch failed",
  });
  const ctx = context(async () => {
    await tick();
  });
  const pending = ensureInternalTopics(ctx, "c1", [SCHEMAS_TOPIC]);
  delete ctx.world.dataplanes.c1;
  await pending;
  expect(ctx.world.dataplanes.c1).toBeUndefined();
});
