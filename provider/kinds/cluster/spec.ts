/**
 * Cluster's lifecycle (Dedicated and BYOC; its requests: ./api.ts, inputs and change rules:
 * ./kind.ts). Create, update and delete wait on the operation the API answers with, as the vendor
 * documents long-running operations: a FAILED operation's code and message are the error. While a
 * BYOC cluster's operation waits for the agent (STATE_CREATING_AGENT, STATE_DELETING_AGENT) the
 * vendor CLI's agent step runs once (./byoc-agent.ts). After the create's operation the cluster is
 * read (until READY, for a cluster an earlier run left behind).
 */
import { createOnce } from "../../retry/create-once";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { ApiError, OperationError, isNotFound } from "../../errors";
import type { Cluster as ApiCluster } from "./api";
import type { Operation } from "../../transport/zod-shapes";
import type { Observation } from "../../retry/waiter";
import { equal } from "../../equal";
import {
  UPDATABLE,
  clusterKind,
  computedOf,
  fromApi,
  replacesOf,
  toApi,
  unknownComputed,
  updateOf,
} from "./kind";
import type { ClusterInputs, ClusterOutputs } from "./kind";
import { runAgent } from "./byoc-agent";
import { operationInProgress, waitOperation, waitState } from "../../runtime/common";
import type { CallContext } from "../../runtime/context";
import { CreatedButFailed, stateFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { regionProblems } from "../../catalog/regions";
import { createCluster, deleteCluster, getCluster, listClusters, updateCluster } from "./api";

const CREATING = new Set(["STATE_CREATING", "STATE_CREATING_AGENT", "STATE_UPGRADING"]);
const DELETING = new Set(["STATE_DELETING", "STATE_DELETING_AGENT"]);

/** A step given a cluster's state on each poll. */
type Step = (state: string) => Promise<void>;

/** The BYOC agent's `action`, run once, when the cluster waits for it (BYOC clusters only). */
function agentOnce(
  ctx: CallContext,
  action: "apply" | "destroy",
  i: ClusterInputs,
  id: string,
  limit: number,
): Step {
  const waiting = action === "apply" ? "STATE_CREATING_AGENT" : "STATE_DELETING_AGENT";
  let ran = false;
  return async (state) => {
    if (ran || i.type !== "TYPE_BYOC" || state !== waiting) return;
    ran = true;
    await runAgent(action, i.cloudProvider, id, i.byoc ?? {}, limit, ctx);
  };
}

/** While an operation is in progress: the cluster's state, for its agent step (BYOC only). */
function duringOperation(
  id: string,
  i: ClusterInputs,
  step: Step,
): (op: Operation, poll: ControlPlaneClient) => Promise<void> {
  return async (_op, poll) => {
    if (i.type !== "TYPE_BYOC") return;
    const c = await getCluster(poll, id).catch((err: unknown) => {
      if (isNotFound(err)) return undefined;
      throw err;
    });
    if (c) await step(c.state);
  };
}

/** Waits for READY, running the agent step when the cluster asks for it. */
async function waitReady(
  ctx: CallContext,
  id: string,
  i: ClusterInputs,
  deadlineMs: number,
  step: Step = agentOnce(ctx, "apply", i, id, deadlineMs),
): Promise<ApiCluster> {
  const cp = ctx.clients.controlPlane;
  return waitState(
    ctx,
    `cluster ${i.name} (${id})`,
    cp,
    async (poll): Promise<Observation<ApiCluster>> => {
      const c = await getCluster(poll, id);
      if (c.state === "STATE_READY") return { kind: "done", state: c.state, value: c };
      await step(c.state);
      if (CREATING.has(c.state)) return { kind: "pending", state: c.state };
      const why = c.state_description?.message ? `: ${c.state_description.message}` : "";
      return {
        kind: "failed",
        state: c.state,
        error: new OperationError(`cluster ${id} is ${c.state}${why}`, undefined, id),
      };
    },
    deadlineMs,
  );
}

/** Polls until the cluster is gone (404), running the agent step when it asks for it. */
async function waitGone(
  ctx: CallContext,
  id: string,
  props: ClusterInputs,
  limit: number,
  step: Step,
) {
  const cp = ctx.clients.controlPlane;
  await waitState(
    ctx,
    `cluster ${props.name} (${id}) deletion`,
    cp,
    async (poll): Promise<Observation<true>> => {
      try {
        const c = await getCluster(poll, id);
        await step(c.state);
        return { kind: "pending", state: c.state };
      } catch (err) {
        if (isNotFound(err)) return { kind: "done", state: "STATE_DELETED", value: true };
        throw err;
      }
    },
    limit,
  );
}

/** The create the API accepted, with its operation, or the cluster an earlier run left. */
async function createOrFind(
  ctx: CallContext,
  i: ClusterInputs,
): Promise<{ id: string; op?: Operation }> {
  const cp = ctx.clients.controlPlane;
  const { value } = await createOnce<{ id: string; op?: Operation }, ControlPlaneClient>({
    describe: `cluster "${i.name}"`,
    client: cp,
    create: async (cp) => {
      const op = await createCluster(cp, toApi(i));
      return { id: String(op.metadata?.cluster_id ?? op.resource_id ?? ""), op };
    },
    lookup: async (cp) => {
      const found = (await listClusters(cp, { "filter.network_id": i.networkId })).find(
        (c) => c.name === i.name,
      );
      return found ? { id: found.id } : undefined;
    },
    matches: () => true,
    // A cluster of this name already on this network is one an interrupted run started (its
    // create was accepted but never recorded): take it over rather than fail or duplicate it.
    conflict: (err) =>
      err instanceof ApiError && err.reason === "REASON_ONLY_ONE_CLUSTER_PER_NETWORK_ALLOWED",
  });
  return value;
}

/** Waits on the create's operation (or the one still running for a found cluster), then READY. */
async function created(
  ctx: CallContext,
  id: string,
  op: Operation | undefined,
  i: ClusterInputs,
  limit: number,
) {
  const step = agentOnce(ctx, "apply", i, id, limit);
  const running = op ?? (await operationInProgress(ctx, id, "TYPE_CREATE_CLUSTER"));
  if (running) {
    await waitOperation(
      ctx,
      running,
      `cluster ${i.name} (${id})`,
      limit,
      duringOperation(id, i, step),
    );
  }
  return waitReady(ctx, id, i, limit, step);
}

export const cluster: ResourceSpec<typeof clusterKind.fields, ClusterOutputs> = {
  kind: clusterKind,
  async preflight(i, olds, known, ctx) {
    const keys = ["cloudProvider", "region", "type", "zones"] as const;
    const same = (k: keyof ClusterInputs) => equal(olds[k], i[k]);
    if (i.adoptId || !keys.every(known) || keys.every(same)) return [];
    const offered = await ctx.clients.controlPlane.listRegions(i.cloudProvider, i.type);
    return regionProblems("Cluster", offered, { ...i, clusterType: i.type });
  },
  failed: stateFailed,
  // One cluster per network: the old one must go before its replacement can be created.
  deleteBeforeReplace: true,
  replaceWhen: (olds, news) => replacesOf(olds, news),
  label: (i) => `cluster ${i.name}`,
  async create(i, ctx) {
    const limit = clusterKind.deadlineMs(i.timeouts, "create");
    if (i.adoptId) {
      const c = await waitReady(ctx, i.adoptId, i, limit);
      return { id: c.id, outs: { ...i, ...computedOf(c) } };
    }
    const { id, op } = await createOrFind(ctx, i);
    try {
      const c = await created(ctx, id, op, i, limit);
      return { id: c.id, outs: { ...i, ...computedOf(c) } };
    } catch (err) {
      const state = await getCluster(ctx.clients.controlPlane, id).then(
        (c) => c.state,
        () => "unknown",
      );
      throw new CreatedButFailed(id, unknownComputed(id, state), err as Error);
    }
  },
  async read(id, props, ctx) {
    const c = await getCluster(ctx.clients.controlPlane, id);
    if (DELETING.has(c.state)) return undefined;
    return fromApi(c, props);
  },
  inputsOf: (o) => ({
    ...Object.fromEntries(UPDATABLE.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])),
    zones: o.zones,
    region: o.region,
  }),
  async update(id, olds, news, ctx) {
    const cp = ctx.clients.controlPlane;
    const limit = clusterKind.deadlineMs(news.timeouts, "update");
    // A create that failed or timed out left the cluster in state: resume waiting first.
    await waitReady(ctx, id, news, limit);
    const patch = updateOf(olds, news);
    if (Object.keys(patch).length > 0) {
      const op = await updateCluster(cp, id, patch);
      await waitOperation(ctx, op, `cluster ${news.name} (${id}) update`, limit);
    }
    // Re-read rather than assume: the API drops paths it does not map (Terraform's clustermask).
    const c = await getCluster(cp, id);
    return { ...news, ...computedOf(c) };
  },
  async delete(id, props, ctx) {
    const cp = ctx.clients.controlPlane;
    const limit = clusterKind.deadlineMs(props.timeouts, "delete");
    const current = await getCluster(cp, id);
    const op = DELETING.has(current.state)
      ? await operationInProgress(ctx, id, "TYPE_DELETE_CLUSTER")
      : await deleteCluster(cp, id);
    const step = agentOnce(ctx, "destroy", props, id, limit);
    const label = `cluster ${props.name} (${id}) deletion`;
    if (op) await waitOperation(ctx, op, label, limit, duringOperation(id, props, step));
    await waitGone(ctx, id, props, limit, step);
  },
};
