/**
 * Pipeline's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. `state` starts or stops it
 * and waits for the transition. Every cluster kind (BYOC, Dedicated, Serverless). Its `configYaml`
 * is linted by the cluster's Redpanda Connect (./lint.ts): at preview where the cluster's address
 * is known, else at create, before the pipeline is made.
 */
import { OperationError, RedpandaError } from "../../errors";
import type { Pipeline as ApiPipeline } from "./api";
import type { Observation } from "../../retry/waiter";
import { equal } from "../../equal";
import { fromApi, pipelineKind, toApi, updateMask } from "./kind";
import type { PipelineInputs, PipelineOutputs } from "./kind";
import { waitState } from "../../runtime/common";
import { CreatedButFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import type { CallContext } from "../../runtime/context";
import { lintFailures } from "./lint";
import {
  createPipeline,
  deletePipeline,
  getPipeline,
  startPipeline,
  stopPipeline,
  updatePipeline,
  updatePipelineMasked,
} from "./api";

/** Starts or stops the pipeline as `state` asks and waits for RUNNING or STOPPED. */
async function settle(
  ctx: CallContext,
  i: PipelineInputs,
  id: string,
  limit: number,
): Promise<ApiPipeline> {
  const c = ctx.dp(i.dataplaneApiUrl);
  const target = i.state === "running" ? "STATE_RUNNING" : "STATE_STOPPED";
  return waitState(
    ctx,
    `pipeline ${i.displayName} (${id})`,
    c,
    async (poll): Promise<Observation<ApiPipeline>> => {
      const p = await getPipeline(poll, id);
      if (p.state === target) return { kind: "done", state: p.state, value: p };
      if (p.state === "STATE_ERROR") {
        return {
          kind: "failed",
          state: p.state,
          error: new OperationError(
            `pipeline ${id} is STATE_ERROR: ${p.status?.error ?? ""}`,
            undefined,
            id,
          ),
        };
      }
      if (
        target === "STATE_RUNNING" &&
        (p.state === "STATE_STOPPED" || p.state === "STATE_COMPLETED")
      )
        await startPipeline(poll, id);
      if (target === "STATE_STOPPED" && p.state === "STATE_RUNNING") await stopPipeline(poll, id);
      return { kind: "pending", state: p.state };
    },
    limit,
  );
}

export const pipeline: ResourceSpec<typeof pipelineKind.fields, PipelineOutputs> = {
  kind: pipelineKind,
  label: (i) => `pipeline ${i.displayName}`,
  // Each lint hint is a failure of configYaml. A configuration the stack already runs at this
  // address is not linted again: a linter grown stricter must not block a run that changes
  // nothing about it.
  async preflight(i, olds, known, ctx) {
    if (!known("dataplaneApiUrl") || !known("configYaml")) return [];
    if (olds.configYaml === i.configYaml && olds.dataplaneApiUrl === i.dataplaneApiUrl) return [];
    return lintFailures(ctx, i);
  },
  async create(i, ctx) {
    // A preview that did not know the cluster's address did not lint: lint before anything is
    // made (a check in this process that linted the same configuration there already did; its
    // answer is not asked again).
    const refused = await lintFailures(ctx, i);
    if (refused.length > 0) throw new RedpandaError(refused.map((f) => f.reason).join("\n"));
    const c = ctx.dp(i.dataplaneApiUrl);
    const limit = pipelineKind.deadlineMs(i.timeouts, "create");
    const id = i.adoptId ?? (await createPipeline(c, toApi(i))).id;
    try {
      if (i.adoptId) await updatePipeline(c, id, toApi(i));
      const p = await settle(ctx, i, id, limit);
      return { id, outs: { ...i, id, apiState: p.state, ...(p.url ? { url: p.url } : {}) } };
    } catch (err) {
      throw new CreatedButFailed(id, { id, apiState: "STATE_UNKNOWN" }, err as Error);
    }
  },
  async read(id, props, ctx) {
    return fromApi(await getPipeline(ctx.dp(props.dataplaneApiUrl), id), props);
  },
  inputsOf: (o) => ({
    displayName: o.displayName,
    description: o.description,
    configYaml: o.configYaml,
    resources: o.resources,
    tags: o.tags,
    state: o.state,
  }),
  async update(id, olds, news, ctx) {
    const c = ctx.dp(news.dataplaneApiUrl);
    const fields = [
      "displayName",
      "description",
      "configYaml",
      "resources",
      "serviceAccount",
      "tags",
    ] as const;
    if (fields.some((k) => !equal(olds[k], news[k]))) {
      await updatePipelineMasked(c, id, toApi(news), updateMask(news));
    }
    const p = await settle(ctx, news, id, pipelineKind.deadlineMs(news.timeouts, "update"));
    return { ...news, id, apiState: p.state, ...(p.url ? { url: p.url } : {}) };
  },
  async delete(id, props, ctx) {
    await deletePipeline(ctx.dp(props.dataplaneApiUrl), id);
  },
};
