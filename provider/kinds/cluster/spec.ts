/**
 * Cluster's API calls (Dedicated and BYOC). Create waits for the operation and for STATE_READY,
 * running the BYOC agent once at STATE_CREATING_AGENT; delete runs the agent's destroy at
 * STATE_DELETING_AGENT. Inputs and change rules: ./kind.ts.
 */
import { createOnce } from "../../retry/create-once";
import { ApiError, OperationError, isNotFound } from "../../transport/errors";
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
import { waitOperation, waitState } from "../../runtime/common";
import { getClients } from "../../runtime/context";
import { CreatedButFailed, stateFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { regionProblems } from "../../catalog/regions";
import { createCluster, deleteCluster, getCluster, listClusters, updateCluster } from "./api";

/** Waits for READY, running the BYOC agent once when the cluster asks for it. */
async function waitReady(id: string, i: ClusterInputs, deadlineMs: number): Promise<ApiCluster> {
  const cp = getClients().controlPlane;
  let agentRan = false;
  return waitState(
    `cluster ${i.name} (${id})`,
    async (): Promise<Observation<ApiCluster>> => {
      const c = await getCluster(cp, id);
      if (c.state === "STATE_READY") return { kind: "done", state: c.state, value: c };
      if (c.state === "STATE_CREATING_AGENT" && i.type === "TYPE_BYOC" && !agentRan) {
        agentRan = true;
        await runAgent("apply", i.cloudProvider, id, i.byoc ?? {}, deadlineMs);
        return { kind: "pending", state: c.state };
      }
      if (
        c.state === "STATE_CREATING" ||
        c.state === "STATE_CREATING_AGENT" ||
        c.state === "STATE_UPGRADING"
      ) {
        return { kind: "pending", state: c.state };
      }
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

export const cluster: ResourceSpec<typeof clusterKind.fields, ClusterOutputs> = {
  kind: clusterKind,
  async preflight(i, olds, known) {
    const keys = ["cloudProvider", "region", "type", "zones"] as const;
    const same = (k: keyof ClusterInputs) => equal(olds[k], i[k]);
    if (i.adoptId || !keys.every(known) || keys.every(same)) return [];
    const offered = await getClients().controlPlane.listRegions(i.cloudProvider, i.type);
    return regionProblems("Cluster", offered, { ...i, clusterType: i.type });
  },
  failed: stateFailed,
  // One cluster per network: the old one must go before its replacement can be created.
  deleteBeforeReplace: true,
  replaceWhen: (olds, news) => replacesOf(olds, news),
  label: (i) => `cluster ${i.name}`,
  async create(i) {
    const cp = getClients().controlPlane;
    const limit = clusterKind.deadlineMs(i.timeouts, "create");
    if (i.adoptId) {
      const c = await waitReady(i.adoptId, i, limit);
      return { id: c.id, outs: { ...i, ...computedOf(c) } };
    }
    const body = toApi(i);
    const { value } = await createOnce<{ id: string; op?: Operation }>({
      describe: `cluster "${i.name}"`,
      create: async () => {
        const op = await createCluster(cp, body);
        return { id: String(op.metadata?.cluster_id ?? op.resource_id ?? ""), op };
      },
      lookup: async () => {
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
    try {
      const c = await waitReady(value.id, i, limit);
      return { id: c.id, outs: { ...i, ...computedOf(c) } };
    } catch (err) {
      const state = await getCluster(cp, value.id).then(
        (c) => c.state,
        () => "unknown",
      );
      throw new CreatedButFailed(value.id, unknownComputed(value.id, state), err as Error);
    }
  },
  async read(id, props) {
    const c = await getCluster(getClients().controlPlane, id);
    if (c.state === "STATE_DELETING" || c.state === "STATE_DELETING_AGENT") return undefined;
    return fromApi(c, props);
  },
  inputsOf: (o) => ({
    ...Object.fromEntries(UPDATABLE.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])),
    zones: o.zones,
    region: o.region,
  }),
  async update(id, olds, news) {
    const cp = getClients().controlPlane;
    const limit = clusterKind.deadlineMs(news.timeouts, "update");
    // A create that failed or timed out left the cluster in state: resume waiting first.
    await waitReady(id, news, limit);
    const patch = updateOf(olds, news);
    if (Object.keys(patch).length > 0) {
      const op = await updateCluster(cp, id, patch);
      await waitOperation(op, `cluster ${news.name} (${id}) update`, limit);
    }
    // Re-read rather than assume: the API drops paths it does not map (Terraform's clustermask).
    const c = await getCluster(cp, id);
    return { ...news, ...computedOf(c) };
  },
  async delete(id, props) {
    const cp = getClients().controlPlane;
    const limit = clusterKind.deadlineMs(props.timeouts, "delete");
    const current = await getCluster(cp, id);
    const op =
      current.state === "STATE_DELETING" || current.state === "STATE_DELETING_AGENT"
        ? undefined
        : await deleteCluster(cp, id);
    let agentRan = false;
    await waitState(
      `cluster ${props.name} (${id}) deletion`,
      async (): Promise<Observation<true>> => {
        try {
          const c = await getCluster(cp, id);
          if (c.state === "STATE_DELETING_AGENT" && props.type === "TYPE_BYOC" && !agentRan) {
            agentRan = true;
            await runAgent("destroy", props.cloudProvider, id, props.byoc ?? {}, limit);
          }
          return { kind: "pending", state: c.state };
        } catch (err) {
          if (isNotFound(err)) return { kind: "done", state: "STATE_DELETED", value: true };
          throw err;
        }
      },
      limit,
    );
    if (op) await waitOperation(op, `cluster ${props.name} (${id}) deletion`, limit);
  },
};
