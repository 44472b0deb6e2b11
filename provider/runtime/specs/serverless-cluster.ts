/** ServerlessCluster: name, resource group and region replace; tags update in place. */
import { z } from "zod";
import { createOnce } from "../../client/create";
import { OperationError, isNotFound } from "../../client/errors";
import type { Operation, ServerlessCluster as ApiServerless } from "../../client/schemas";
import type { Observation } from "../../client/waiter";
import { MINUTE, adoptId, deadline, timeoutsInput, waitOperation, waitState } from "../common";
import { getClients } from "../context";
import { CreatedButFailed, stateFailed } from "../lifecycle";
import type { ResourceSpec } from "../lifecycle";
import { serverlessRegionProblems } from "./catalog";

const inputs = z.object({
  name: z
    .string()
    .min(3)
    .max(128)
    .regex(
      /^[A-Za-z0-9-_:]+$/,
      "name may contain only letters, digits, '-', '_' and ':' (3 to 128)",
    ),
  resourceGroupId: z.string().min(1),
  serverlessRegion: z.string().min(1),
  tags: z
    .record(z.string(), z.string())
    .refine((t) => Object.keys(t).length <= 50, "at most 50 tags")
    .optional(),
  timeouts: timeoutsInput,
  adoptId,
});
type In = z.infer<typeof inputs>;
type Out = In & { id: string; state: string; dataplaneApiUrl: string };

const TIMEOUT = 30 * MINUTE;

async function waitReady(id: string, label: string, limit: number): Promise<ApiServerless> {
  const cp = getClients().controlPlane;
  return waitState(
    label,
    async (): Promise<Observation<ApiServerless>> => {
      const s = await cp.getServerlessCluster(id);
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

export const serverlessCluster: ResourceSpec<In, Out> = {
  type: "ServerlessCluster",
  inputs,
  failed: stateFailed,
  replaceOn: ["name", "resourceGroupId", "serverlessRegion"],
  ignore: ["timeouts", "adoptId"],
  label: (i) => `serverless cluster ${i.name}`,
  async preflight(i, olds, known) {
    if (i.adoptId || !known("serverlessRegion") || olds.serverlessRegion === i.serverlessRegion) {
      return [];
    }
    return serverlessRegionProblems(i.serverlessRegion);
  },
  async create(i) {
    const cp = getClients().controlPlane;
    const limit = deadline(i.timeouts, "create", TIMEOUT);
    if (i.adoptId) {
      const s = await waitReady(i.adoptId, `serverless cluster ${i.name}`, limit);
      return {
        id: s.id,
        outs: { ...i, id: s.id, state: s.state, dataplaneApiUrl: s.dataplane_api.url },
      };
    }
    const { value } = await createOnce<{ id: string; op?: Operation }>({
      describe: `serverless cluster "${i.name}"`,
      create: async () => {
        const op = await cp.createServerlessCluster({
          name: i.name,
          resource_group_id: i.resourceGroupId,
          serverless_region: i.serverlessRegion,
          ...(i.tags ? { tags: i.tags } : {}),
        });
        return { id: String(op.metadata?.serverless_cluster_id ?? op.resource_id ?? ""), op };
      },
      lookup: async () => {
        const found = (await cp.listServerlessClusters({ "filter.name_contains": i.name })).find(
          (s) => s.name === i.name && s.resource_group_id === i.resourceGroupId,
        );
        return found ? { id: found.id } : undefined;
      },
      matches: () => true,
    });
    try {
      if (value.op)
        await waitOperation(value.op, `serverless cluster ${i.name} (${value.id})`, limit);
      const s = await waitReady(value.id, `serverless cluster ${i.name} (${value.id})`, limit);
      return {
        id: s.id,
        outs: { ...i, id: s.id, state: s.state, dataplaneApiUrl: s.dataplane_api.url },
      };
    } catch (err) {
      throw new CreatedButFailed(
        value.id,
        { id: value.id, state: "STATE_CREATING", dataplaneApiUrl: "" },
        err as Error,
      );
    }
  },
  async read(id, props) {
    const s = await getClients().controlPlane.getServerlessCluster(id);
    if (s.state === "STATE_DELETING") return undefined;
    return {
      ...props,
      id,
      state: s.state,
      dataplaneApiUrl: s.dataplane_api.url,
      name: s.name,
      tags: Object.keys(s.tags).length ? s.tags : props.tags,
    };
  },
  inputsOf: (o) => ({ name: o.name, tags: o.tags }),
  async update(id, olds, news) {
    const cp = getClients().controlPlane;
    const limit = deadline(news.timeouts, "update", TIMEOUT);
    await waitReady(id, `serverless cluster ${news.name} (${id})`, limit);
    if (JSON.stringify(olds.tags ?? {}) !== JSON.stringify(news.tags ?? {})) {
      const op = await cp.updateServerlessCluster(id, { tags: news.tags ?? {} });
      await waitOperation(op, `serverless cluster ${news.name} (${id}) update`, limit);
    }
    const s = await cp.getServerlessCluster(id);
    return { ...news, id, state: s.state, dataplaneApiUrl: s.dataplane_api.url };
  },
  async delete(id, props) {
    const cp = getClients().controlPlane;
    const op = await cp.deleteServerlessCluster(id);
    const limit = deadline(props.timeouts, "delete", TIMEOUT);
    try {
      await waitOperation(op, `serverless cluster ${props.name} (${id}) deletion`, limit);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};
