/**
 * Pipeline (Redpanda Connect): config, description and resources update in place; `state`
 * ("running" | "stopped") starts or stops it and waits for the transition. BYOC and Serverless only.
 */
import { z } from "zod";
import { OperationError } from "../../client/errors";
import type { Pipeline as ApiPipeline } from "../../client/schemas";
import type { Observation } from "../../client/waiter";
import { MINUTE, adoptId, dataplaneApiUrl, deadline, timeoutsInput, waitState } from "../common";
import { CreatedButFailed } from "../lifecycle";
import type { ResourceSpec } from "../lifecycle";
import { dp, underKindRule } from "./dataplane-common";

const CPU = /^(\d+(\.\d+)?|\d+m)$/;
const MEMORY = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|K|M|G|T)?$/;

const inputs = z.object({
  dataplaneApiUrl,
  displayName: z
    .string()
    .min(3)
    .max(128)
    .regex(
      /^[A-Za-z0-9-_ /]+$/,
      "displayName may contain letters, digits, spaces and - _ / (3 to 128)",
    ),
  description: z.string().max(256).default(""),
  configYaml: z.string().min(1, "configYaml is required"),
  resources: z
    .object({
      cpuShares: z.string().regex(CPU, 'cpuShares is a CPU quantity such as "100m" or "2"'),
      memoryShares: z
        .string()
        .regex(MEMORY, 'memoryShares is a memory quantity such as "256Mi" or "2G"'),
    })
    .strict()
    .optional(),
  state: z.enum(["running", "stopped"]).default("running"),
  timeouts: timeoutsInput,
  adoptId,
});
type In = z.infer<typeof inputs>;
type Out = In & { id: string; apiState: string };

const TIMEOUT = 10 * MINUTE;

function body(i: In): Record<string, unknown> {
  return {
    display_name: i.displayName,
    description: i.description,
    config_yaml: i.configYaml,
    ...(i.resources
      ? {
          resources: { cpu_shares: i.resources.cpuShares, memory_shares: i.resources.memoryShares },
        }
      : {}),
  };
}

/** Starts or stops the pipeline as `state` asks and waits for RUNNING or STOPPED. */
async function settle(i: In, id: string, limit: number): Promise<ApiPipeline> {
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

export const pipeline: ResourceSpec<In, Out> = {
  type: "Pipeline",
  inputs,
  replaceOn: ["dataplaneApiUrl"],
  ignore: ["timeouts", "adoptId"],
  label: (i) => `pipeline ${i.displayName}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    const limit = deadline(i.timeouts, "create", TIMEOUT);
    const id = i.adoptId ?? (await underKindRule("pipelines", () => c.createPipeline(body(i)))).id;
    try {
      if (i.adoptId) await c.updatePipeline(id, body(i));
      const p = await settle(i, id, limit);
      return { id, outs: { ...i, id, apiState: p.state } };
    } catch (err) {
      throw new CreatedButFailed(id, { id, apiState: "STATE_UNKNOWN" }, err as Error);
    }
  },
  async read(id, props) {
    const p = await dp(props.dataplaneApiUrl).getPipeline(id);
    const state =
      p.state === "STATE_RUNNING" || p.state === "STATE_STARTING"
        ? "running"
        : p.state === "STATE_STOPPED" || p.state === "STATE_STOPPING"
          ? "stopped"
          : props.state;
    return {
      ...props,
      id,
      apiState: p.state,
      state,
      displayName: p.display_name,
      description: p.description,
      configYaml: p.config_yaml,
      ...(props.resources
        ? {
            resources: {
              cpuShares: p.resources.cpu_shares,
              memoryShares: p.resources.memory_shares,
            },
          }
        : {}),
    };
  },
  inputsOf: (o) => ({
    displayName: o.displayName,
    description: o.description,
    configYaml: o.configYaml,
    resources: o.resources,
    state: o.state,
  }),
  async update(id, olds, news) {
    const c = dp(news.dataplaneApiUrl);
    const changed = ["displayName", "description", "configYaml", "resources"].some(
      (k) => JSON.stringify(olds[k as keyof In]) !== JSON.stringify(news[k as keyof In]),
    );
    if (changed) {
      const mask = [
        "display_name",
        "description",
        "config_yaml",
        ...(news.resources ? ["resources"] : []),
      ].join(",");
      await c.updatePipelineMasked(id, body(news), mask);
    }
    const p = await settle(news, id, deadline(news.timeouts, "update", TIMEOUT));
    return { ...news, id, apiState: p.state };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deletePipeline(id);
  },
};
