/**
 * Time in the emulator: operations and state transitions are scheduled moves that `advance()`
 * applies lazily, on every request, from the clock. Nothing runs in the background, so a restart
 * from the state file continues exactly where it stopped.
 */
import type { OperationFault } from "./operations";
import { TYPE_PREFIX, finishOperation } from "./operations";
import type {
  ClusterRec,
  Dataplane,
  DpTopic,
  NetworkRec,
  OperationRec,
  Pending,
  ServerlessRec,
  World,
  Json,
} from "./records";
import { emptyDataplane, nowIso, xid } from "./records";
import { addTopics, clusterInternalTopics } from "./internal-topics";

/** How long each transition takes at speed 1, in milliseconds. */
export interface Durations {
  networkCreate: number;
  networkDelete: number;
  clusterCreate: number;
  clusterUpdate: number;
  clusterDelete: number;
  serverlessCreate: number;
  serverlessDelete: number;
  privateLinkTransition: number;
  pipelineTransition: number;
  transformStart: number;
}

export const DEFAULT_DURATIONS: Durations = {
  networkCreate: 3_000,
  networkDelete: 2_000,
  clusterCreate: 8_000,
  clusterUpdate: 3_000,
  clusterDelete: 4_000,
  serverlessCreate: 3_000,
  serverlessDelete: 2_000,
  privateLinkTransition: 2_000,
  pipelineTransition: 1_000,
  // "This usually takes around 3s, but no longer than 10s" (the vendor's DeployTransform).
  transformStart: 3_000,
};

export class Timeline {
  readonly pendingFaults: OperationFault[] = [];
  /** Chaos mode's say on whether a new operation fails (see control.ts). */
  randomFailure: (() => boolean) | undefined;

  constructor(
    private readonly durations: Durations,
    /** The duration factor (`--speed`); the admin API changes it for what starts next. */
    public speed: number,
  ) {}

  /** Milliseconds from now until a transition of this kind completes. */
  after(kind: keyof Durations): number {
    return Math.round(this.durations[kind] * this.speed);
  }

  newOperation(
    world: World,
    now: number,
    type: string,
    resourceId: string,
    metadata: Json | undefined,
  ): OperationRec {
    const op: OperationRec = {
      id: xid(),
      type,
      state: "STATE_IN_PROGRESS",
      resource_id: resourceId,
      metadata,
      started_at: nowIso(now),
      finished_at: null,
    };
    const faultIndex = this.pendingFaults.findIndex((f) => !f.type || f.type === type);
    if (faultIndex >= 0) {
      op.failWith = this.pendingFaults[faultIndex]?.error;
      this.pendingFaults.splice(faultIndex, 1);
    } else if (this.randomFailure?.()) {
      op.failWith = { code: "INTERNAL", message: "chaos: the operation failed", details: [] };
    }
    world.operations[op.id] = op;
    return op;
  }
}

/** Applies every scheduled transition due by `now`. Returns whether anything changed. */
export function advance(world: World, now: number, timeline: Timeline): boolean {
  let changed = false;
  for (const net of Object.values(world.networks))
    changed = stepNetwork(world, net, now) || changed;
  for (const c of Object.values(world.clusters))
    changed = stepCluster(world, c, now, timeline) || changed;
  for (const s of Object.values(world.serverless))
    changed = stepServerless(world, s, now) || changed;
  for (const link of Object.values(world.serverlessPrivateLinks ?? {}))
    changed =
      stepByOperation(world, world.serverlessPrivateLinks, link, now, () => "STATE_FAILED") ||
      changed;
  for (const link of Object.values(world.shadowLinks ?? {}))
    changed =
      stepByOperation(world, world.shadowLinks, link, now, (next) =>
        next === "GONE" ? "STATE_DELETION_FAILED" : "STATE_CREATION_FAILED",
      ) || changed;
  for (const peering of Object.values(world.networkPeerings ?? {}))
    changed =
      stepByOperation(world, world.networkPeerings, peering, now, () => "STATE_FAILED") || changed;
  for (const op of Object.values(world.operations)) {
    if (op.state === "STATE_IN_PROGRESS" && op.completeAt !== undefined && now >= op.completeAt) {
      // An update the API gave up on ends FAILED (what it changed stays: no rollback promised).
      if (op.failWith) finishOperation(world, op.id, op.completeAt, {}, op.failWith);
      else finishOperation(world, op.id, op.completeAt, completionResponse(world, op));
      changed = true;
    }
  }
  for (const dp of Object.values(world.dataplanes)) {
    for (const p of Object.values(dp.pipelines)) {
      const due = takeDue(p, now);
      if (due) {
        p.state = due.next;
        changed = true;
      }
    }
  }
  return changed;
}

function takeDue(rec: { pending?: Pending }, now: number): Pending | undefined {
  const p = rec.pending;
  if (!p || p.at === null || now < p.at) return undefined;
  rec.pending = undefined;
  return p;
}

function completionResponse(world: World, op: OperationRec): Json {
  if (op.type === "TYPE_UPDATE_CLUSTER") {
    const c = world.clusters[op.resource_id];
    return {
      "@type": `${TYPE_PREFIX}UpdateClusterResponse`,
      cluster: c ? { id: c.id, name: c.name } : null,
    };
  }
  // The vendor publishes no schema for the serverless update response: leave it unset.
  return {};
}

function stepNetwork(world: World, net: NetworkRec, now: number): boolean {
  const due = takeDue(net, now);
  if (!due) return false;
  const at = due.at ?? now;
  const op = net.opId ? world.operations[net.opId] : undefined;
  if (due.next === "GONE") {
    delete world.networks[net.id];
    finishOperation(world, net.opId, at, { "@type": `${TYPE_PREFIX}DeleteNetworkResponse` });
    return true;
  }
  if (op?.failWith) {
    net.state = "STATE_FAILED";
    finishOperation(world, net.opId, at, {}, op.failWith);
  } else {
    net.state = due.next;
    finishOperation(world, net.opId, at, {
      "@type": `${TYPE_PREFIX}CreateNetworkResponse`,
      network: { id: net.id, name: net.name },
    });
  }
  net.updated_at = nowIso(at);
  return true;
}

function withTopics(dp: Dataplane, topics: DpTopic[]): Dataplane {
  addTopics(dp, topics);
  return dp;
}

function stepCluster(world: World, c: ClusterRec, now: number, timeline: Timeline): boolean {
  let changed = false;
  for (let due = takeDue(c, now); due; due = takeDue(c, now)) {
    changed = true;
    const at = due.at ?? now;
    const op = c.opId ? world.operations[c.opId] : undefined;
    c.updated_at = nowIso(at);
    switch (due.next) {
      case "STATE_CREATING":
        c.state = "STATE_CREATING";
        c.pending = { next: "STATE_READY", at: at + timeline.after("clusterCreate") };
        break;
      case "STATE_READY":
        if (op?.failWith) {
          c.state = "STATE_FAILED";
          c.state_description = op.failWith;
          finishOperation(world, c.opId, at, {}, op.failWith);
        } else {
          c.state = "STATE_READY";
          // The cluster comes up with the topics its settings call for (Kafka Connect, audit log).
          world.dataplanes[c.id] ??= withTopics(emptyDataplane(), clusterInternalTopics(c));
          finishOperation(world, c.opId, at, {
            "@type": `${TYPE_PREFIX}CreateClusterResponse`,
            cluster: { id: c.id, name: c.name },
          });
        }
        break;
      case "STATE_DELETING_AGENT":
        c.state = "STATE_DELETING_AGENT";
        c.pending = { next: "GONE", at: c.agentDestroyed ? at : null };
        break;
      case "GONE":
        delete world.clusters[c.id];
        delete world.dataplanes[c.id];
        finishOperation(world, c.opId, at, { "@type": `${TYPE_PREFIX}DeleteClusterResponse` });
        return true;
      default:
        c.state = due.next;
    }
  }
  return changed;
}

function stepServerless(world: World, s: ServerlessRec, now: number): boolean {
  const due = takeDue(s, now);
  if (!due) return false;
  const at = due.at ?? now;
  const op = s.opId ? world.operations[s.opId] : undefined;
  if (due.next === "GONE" && op?.failWith) {
    // A delete the API gave up on: the cluster stays, failed, for the next delete to retry.
    s.state = "STATE_FAILED";
    finishOperation(world, s.opId, at, {}, op.failWith);
    s.updated_at = nowIso(at);
    return true;
  }
  if (due.next === "GONE") {
    delete world.serverless[s.id];
    delete world.dataplanes[s.id];
    finishOperation(world, s.opId, at, {
      "@type": `${TYPE_PREFIX}DeleteServerlessClusterResponse`,
    });
    return true;
  }
  if (op?.failWith) {
    s.state = "STATE_FAILED";
    finishOperation(world, s.opId, at, {}, op.failWith);
  } else {
    s.state = due.next;
    world.dataplanes[s.id] ??= emptyDataplane();
    finishOperation(world, s.opId, at, {
      "@type": `${TYPE_PREFIX}CreateServerlessClusterResponse`,
      serverless_cluster: { id: s.id, name: s.name },
    });
  }
  s.updated_at = nowIso(at);
  return true;
}

/** A record that moves through states by operations and leaves its table when due GONE. */
interface Scheduled {
  id: string;
  state: string;
  updated_at: string;
  pending?: Pending;
  opId?: string;
}

/**
 * One scheduled move of an operation-driven record (private links, shadow links): its operation
 * fails it (`failed(next)` names the state), removes it from `table` when GONE, or sets the state.
 */
function stepByOperation<R extends Scheduled>(
  world: World,
  table: Record<string, R> | undefined,
  rec: R,
  now: number,
  failed: (next: string) => string,
): boolean {
  const due = takeDue(rec, now);
  if (!due) return false;
  const at = due.at ?? now;
  const op = rec.opId ? world.operations[rec.opId] : undefined;
  if (op?.failWith) {
    rec.state = failed(due.next);
    finishOperation(world, rec.opId, at, {}, op.failWith);
  } else if (due.next === "GONE") {
    delete table?.[rec.id];
    finishOperation(world, rec.opId, at, {});
    return true;
  } else {
    rec.state = due.next;
    finishOperation(world, rec.opId, at, {});
  }
  rec.updated_at = nowIso(at);
  return true;
}
