/**
 * Pipeline's API calls; inputs and change rules: kinds/pipeline.ts. `state` starts or stops it
 * and waits for the transition. Every cluster kind (BYOC, Dedicated, Serverless).
 */
import { OperationError } from "../../client/errors";
import type { Pipeline as ApiPipeline } from "../../client/pipeline";
import type { Observation } from "../../retry/waiter";
import { equal } from "../../equal";
import { fromApi, pipelineKind, toApi, updateMask } from "../../kinds/pipeline";
import type { PipelineInputs, PipelineOutputs } from "../../kinds/pipeline";
import { waitState } from "../common";
import { CreatedButFailed } from "../lifecycle";
import type { ResourceSpec } from "../lifecycle";
import { dp } from "./dataplane-common";

/** Starts or stops the pipeline as `state` asks and waits for RUNNING or STOPPED. */
async function settle(i: PipelineInputs, id: string, limit: number): Promise<ApiPipeline> {
  const c = dp(i.dataplaneApiUrl);
  const target = i.state === "running" ? "STATE_RUNNING" : "STATE_STOPPED";
  return waitState(
    `pipeline ${i.displayName} (${id})`,
    async (): Promise<Observation<ApiPipeline>> => {
      const p = await c.getPipeline(id);
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
        await c.startPipeline(id);
      if (target === "STATE_STOPPED" && p.state === "STATE_RUNNING") await c.stopPipeline(id);
      return { kind: "pending", state: p.state };
    },
    limit,
  );
}

export const pipeline: ResourceSpec<typeof pipelineKind.fields, PipelineOutputs> = {
  kind: pipelineKind,
  label: (i) => `pipeline ${i.displayName}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    const limit = pipelineKind.deadlineMs(i.timeouts, "create");
    const id = i.adoptId ?? (await c.createPipeline(toApi(i))).id;
    try {
      if (i.adoptId) await c.updatePipeline(id, toApi(i));
      const p = await settle(i, id, limit);
      return { id, outs: { ...i, id, apiState: p.state, ...(p.url ? { url: p.url } : {}) } };
    } catch (err) {
      throw new CreatedButFailed(id, { id, apiState: "STATE_UNKNOWN" }, err as Error);
    }
  },
  async read(id, props) {
    return fromApi(await dp(props.dataplaneApiUrl).getPipeline(id), props);
  },
  inputsOf: (o) => ({
    displayName: o.displayName,
    description: o.description,
    configYaml: o.configYaml,
    resources: o.resources,
    tags: o.tags,
    state: o.state,
  }),
  async update(id, olds, news) {
    const c = dp(news.dataplaneApiUrl);
    const fields = [
      "displayName",
      "description",
      "configYaml",
      "resources",
      "serviceAccount",
      "tags",
    ] as const;
    if (fields.some((k) => !equal(olds[k], news[k]))) {
      await c.updatePipelineMasked(id, toApi(news), updateMask(news));
    }
    const p = await settle(news, id, pipelineKind.deadlineMs(news.timeouts, "update"));
    return { ...news, id, apiState: p.state, ...(p.url ? { url: p.url } : {}) };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deletePipeline(id);
  },
};
