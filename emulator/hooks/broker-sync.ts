/**
 * With `kafka`: the data plane's topics, users, ACLs and quotas are the broker's. Before the
 * handler (under the cluster's broker lock) the tables are read from the broker; after it, what
 * the handler changed is written back before the client hears "done".
 */
import type { FastifyRequest } from "fastify";
import type { RequestPath } from "../dataplane";
import { ApiError } from "../errors";
import { brokerFailure } from "../kafka-errors";
import type { BrokerPart, BrokerScope } from "../kafka-broker";
import type { BrokerOwnedTables } from "../kafka-sync";
import { changeSince, isEmptyChange, pullFromBroker } from "../kafka-sync";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** A request holding a cluster's broker lock: the tables as read, and the release. */
interface BrokerTurn {
  clusterId: string;
  before?: BrokerOwnedTables;
  release: () => void;
}

/**
 * The cluster whose broker owns what this request reads or writes (the data plane's topics, users,
 * ACLs and client quotas, and the admin API's out-of-band changes to them), and which part of the
 * broker's state it concerns: one topic when the path or a create's body names it.
 */
function brokerScope(
  { plane, apiPath, clusterId, path }: RequestPath,
  body: unknown,
): { clusterId: string; scope: BrokerScope } | undefined {
  const m =
    plane === "dataplane"
      ? /^\/v1\/(topics|users|acls|quotas|transforms)(?:\/([^/:]+))?(?:[/:]|$)/.exec(apiPath)
      : null;
  const admin = m
    ? null
    : /^\/_admin\/dataplane\/([^/]+)\/(topics|users|acls)(?:\/([^/:]+))?(?:[/:]|$)/.exec(path);
  const id = m ? clusterId : admin?.[1];
  // A transform's topics are the broker's: its deploy checks that they exist, its statuses count
  // the input topic's partitions. All topics are read (the path names the transform, not a topic).
  const transforms = m?.[1] === "transforms";
  const part = (transforms ? "topics" : (m?.[1] ?? admin?.[2])) as BrokerPart | undefined;
  const named = transforms ? undefined : m ? m[2] : admin?.[3];
  if (id === undefined || part === undefined) return undefined;
  let topic: string | undefined;
  if (part === "topics" && !transforms) {
    const b = (body ?? {}) as { name?: unknown; topic?: { name?: unknown } };
    const given = named ?? (typeof b.name === "string" ? b.name : b.topic?.name);
    if (typeof given === "string") topic = named ? decodeURIComponent(given) : given;
  }
  return { clusterId: id, scope: { parts: [part], topic } };
}

/** Reads the broker before a data-plane handler and writes its change back after it. */
export const brokerSync: Hook = (app, { ctx, fleet }) => {
  if (!fleet) return;
  const turns = new WeakMap<FastifyRequest, BrokerTurn>();

  app.addHook("preHandler", async (req) => {
    const target = brokerScope(pathOf(req), req.body);
    if (!target) return;
    const { clusterId, scope } = target;
    if (!ctx.world.dataplanes[clusterId]) return;
    const failure = fleet.unavailable(clusterId);
    if (failure)
      throw new ApiError(
        "UNAVAILABLE",
        `the Kafka API of cluster ${clusterId} is not available: ${failure}`,
        "REASON_SERVER_ERROR",
      );
    if (!fleet.broker(clusterId)) return;
    const release = await fleet.lock(clusterId).acquire();
    const turn: BrokerTurn = { clusterId, release };
    turns.set(req, turn);
    // Re-read after the wait: the cluster may have been deleted (its broker stopped) meanwhile;
    // then the handler answers as for any deleted cluster.
    const dp = ctx.world.dataplanes[clusterId];
    const broker = fleet.broker(clusterId);
    if (!dp || !broker) return;
    let state;
    try {
      state = await broker.state(scope);
    } catch (err) {
      // A broker that died under the emulator: the service is unavailable, not broken.
      throw new ApiError(
        "UNAVAILABLE",
        `the Kafka API of cluster ${clusterId} did not answer: ${(err as Error).message}`,
        "REASON_SERVER_ERROR",
      );
    }
    turn.before = pullFromBroker(dp, state, scope);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const turn = turns.get(req);
    if (!turn) return payload;
    turns.delete(req);
    try {
      const dp = ctx.world.dataplanes[turn.clusterId];
      const broker = fleet.broker(turn.clusterId);
      if (!turn.before || !dp || !broker || reply.statusCode >= 400) return payload;
      const change = changeSince(turn.before, dp);
      if (isEmptyChange(change)) return payload;
      try {
        await broker.apply(change);
        ctx.touch();
        return payload;
      } catch (err) {
        // The tables are reread from the broker on the next request: nothing half-applied stays.
        // A refusal is answered as the vendor answers its Kafka error (a topic a Kafka client made
        // meanwhile: 409 ALREADY_EXISTS, as the handler's own check would have said).
        const apiError = brokerFailure(err, turn.clusterId);
        void reply.code(apiError.httpStatus);
        return JSON.stringify(apiError.body(pathOf(req).plane));
      }
    } finally {
      turn.release();
    }
  });

  app.addHook("onResponse", async (req) => {
    // A request that ended without onSend (a dropped connection) must not keep the lock.
    turns.get(req)?.release();
    turns.delete(req);
  });
};
