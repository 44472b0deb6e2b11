/** ServerlessCluster's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { OperationError, isNotFound } from "../../errors";
import type { Operation } from "../../transport/zod-shapes";
import type { ServerlessCluster as ApiServerless } from "./api";
import type { Observation } from "../../retry/waiter";
import {
  computedOf,
  fromApi,
  serverlessClusterKind,
  toApi,
  unknownComputed,
  updateOf,
} from "./kind";
import type { ServerlessClusterOutputs } from "./kind";
import { operationInProgress, waitOperation, waitState } from "../../runtime/common";
import type { CallContext } from "../../runtime/context";
import { CreatedButFailed, stateFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { serverlessRegionProblems } from "../../catalog/regions";
import { CLOUD_PROVIDERS } from "../../enums";
import {
  createServerlessCluster,
  deleteServerlessCluster,
  getServerlessCluster,
  listServerlessClusters,
  updateServerlessCluster,
} from "./api";

async function waitReady(
  ctx: CallContext,
  id: string,
  label: string,
  limit: number,
): Promise<ApiServerless> {
  const cp = ctx.clients.controlPlane;
  return waitState(
    ctx,
    label,
    cp,
    async (poll): Promise<Observation<ApiServerless>> => {
      const s = await getServerlessCluster(poll, id);
      if (s.state === "STATE_READY") return { kind: "done", state: s.state, value: s };
      if (s.state === "STATE_FAILED" || s.state === "STATE_DELETING") {
        return {
          kind: "failed",
          state: s.state,
          error: new OperationError(`serverless cluster ${id} is ${s.state}`, undefined, id),
        };
      }
      return { kind: "pending", state: s.state };
    },
    limit,
  );
}

export const serverlessCluster: ResourceSpec<
  typeof serverlessClusterKind.fields,
  ServerlessClusterOutputs
> = {
  kind: serverlessClusterKind,
  failed: stateFailed,
  label: (i) => `serverless cluster ${i.name}`,
  async preflight(i, olds, known, ctx) {
    if (i.adoptId || !known("serverlessRegion") || olds.serverlessRegion === i.serverlessRegion) {
      return [];
    }
    const cp = ctx.clients.controlPlane;
    const lists = await Promise.all(
      CLOUD_PROVIDERS.map((c) => cp.listServerlessRegions(c).catch(() => [])),
    );
    return serverlessRegionProblems(lists.flat(), i.serverlessRegion);
  },
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    const limit = serverlessClusterKind.deadlineMs(i.timeouts, "create");
    if (i.adoptId) {
      const s = await waitReady(ctx, i.adoptId, `serverless cluster ${i.name}`, limit);
      return { id: s.id, outs: { ...i, ...computedOf(s) } };
    }
    const { value } = await createOnce<{ id: string; op?: Operation }, ControlPlaneClient>({
      describe: `serverless cluster "${i.name}"`,
      client: cp,
      create: async (cp) => {
        const op = await createServerlessCluster(cp, toApi(i));
        return { id: String(op.metadata?.serverless_cluster_id ?? op.resource_id ?? ""), op };
      },
      lookup: async (cp) => {
        const found = (await listServerlessClusters(cp, { "filter.name_contains": i.name })).find(
          (s) => s.name === i.name && s.resource_group_id === i.resourceGroupId,
        );
        return found ? { id: found.id } : undefined;
      },
      matches: () => true,
    });
    try {
      // An earlier run's create found by its lookup: wait on the operation still running for it.
      const op =
        value.op ?? (await operationInProgress(ctx, value.id, "TYPE_CREATE_SERVERLESS_CLUSTER"));
      if (op) await waitOperation(ctx, op, `serverless cluster ${i.name} (${value.id})`, limit);
      const s = await waitReady(ctx, value.id, `serverless cluster ${i.name} (${value.id})`, limit);
      return { id: s.id, outs: { ...i, ...computedOf(s) } };
    } catch (err) {
      throw new CreatedButFailed(value.id, unknownComputed(value.id), err as Error);
    }
  },
  async read(id, props, ctx) {
    const s = await getServerlessCluster(ctx.clients.controlPlane, id);
    if (s.state === "STATE_DELETING") return undefined;
    return fromApi(s, props);
  },
  inputsOf: (o) => ({
    name: o.name,
    tags: o.tags,
    ...(o.networkingConfig ? { networkingConfig: o.networkingConfig } : {}),
    ...(o.privateLinkId ? { privateLinkId: o.privateLinkId } : {}),
  }),
  async update(id, olds, news, ctx) {
    const cp = ctx.clients.controlPlane;
    const limit = serverlessClusterKind.deadlineMs(news.timeouts, "update");
    await waitReady(ctx, id, `serverless cluster ${news.name} (${id})`, limit);
    const patch = updateOf(olds, news);
    if (Object.keys(patch).length > 0) {
      const op = await updateServerlessCluster(cp, id, patch);
      await waitOperation(ctx, op, `serverless cluster ${news.name} (${id}) update`, limit);
    }
    const s = await getServerlessCluster(cp, id);
    return { ...news, ...computedOf(s) };
  },
  async delete(id, props, ctx) {
    const cp = ctx.clients.controlPlane;
    const op = await deleteServerlessCluster(cp, id);
    const limit = serverlessClusterKind.deadlineMs(props.timeouts, "delete");
    try {
      await waitOperation(ctx, op, `serverless cluster ${props.name} (${id}) deletion`, limit);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};
