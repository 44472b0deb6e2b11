/**
 * Transform's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. Create and
 * a redeploy send the module and its metadata, then wait until every partition of the input topic
 * runs it (the vendor: "usually around 3s, but no longer than 10s"); a partition that reports
 * ERRORED fails the wait, naming it. A changed module (its SHA-256) or environment redeploys in
 * place under the same name; a topic or the name replaces, deleting first (the name is the key).
 */
import { OperationError, RedpandaError, isNotFound } from "../../errors";
import type { Observation } from "../../retry/waiter";
import type { DataPlaneClient } from "../../transport/dataplane";
import { waitState } from "../../runtime/common";
import { CreatedButFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import type { CallContext } from "../../runtime/context";
import { deleteTransform, deployTransform, getTransform } from "./api";
import type { Transform as ApiTransform } from "./api";
import { fromApi, toApi, transformKind } from "./kind";
import type { TransformInputs, TransformOutputs } from "./kind";
import { readModule } from "./module";

const RUNNING = "PARTITION_STATUS_RUNNING";
const ERRORED = "PARTITION_STATUS_ERRORED";

/** The transform of that name, or undefined when the cluster has none. */
async function findTransform(c: DataPlaneClient, name: string): Promise<ApiTransform | undefined> {
  try {
    return await getTransform(c, name);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** The module `wasmPath` names, read now; refused in words when the program gives none. */
function moduleOf(i: TransformInputs, why: string): { bytes: Buffer; sha256: string } {
  if (i.wasmPath === undefined) {
    throw new RedpandaError(
      `transform ${i.name}: ${why} needs its module, which the API never returns: set wasmPath in the program`,
    );
  }
  try {
    return readModule(i.wasmPath);
  } catch (err) {
    throw new RedpandaError(`transform ${i.name}: ${(err as Error).message}`);
  }
}

/** Waits until every partition runs the module; one that reports ERRORED fails, named. */
function waitRunning(ctx: CallContext, i: TransformInputs, limit: number): Promise<ApiTransform> {
  return waitState(
    ctx,
    `transform ${i.name}`,
    ctx.dp(i.dataplaneApiUrl),
    async (poll): Promise<Observation<ApiTransform>> => {
      const t = await getTransform(poll, i.name);
      const errored = t.statuses.filter((s) => s.status === ERRORED);
      if (errored.length > 0) {
        const partitions = errored.map((s) => s.partition_id ?? "?").join(", ");
        return {
          kind: "failed",
          state: "ERRORED",
          error: new OperationError(
            `transform ${i.name}: partition${errored.length > 1 ? "s" : ""} ${partitions} of ${i.inputTopicName} report${errored.length > 1 ? "" : "s"} ERRORED: ` +
              "the brokers could not run its module (a module `rpk transform build` or a transform SDK builds runs; its logs are in the Redpanda Cloud console)",
            undefined,
            i.name,
          ),
        };
      }
      const running = t.statuses.filter((s) => s.status === RUNNING).length;
      if (running === t.statuses.length) return { kind: "done", state: "RUNNING", value: t };
      return { kind: "pending", state: `${running} of ${t.statuses.length} partitions RUNNING` };
    },
    limit,
  );
}

/** Whether a transform found under the name is what these inputs declare (topics, environment). */
function declares(i: TransformInputs, t: ApiTransform): boolean {
  const found = fromApi(t, { ...i, id: i.name });
  return (
    found.inputTopicName === i.inputTopicName &&
    found.outputTopicNames.join("\n") === i.outputTopicNames.join("\n") &&
    transformKind.sameValue(
      "environmentVariables",
      found.environmentVariables,
      i.environmentVariables,
    )
  );
}

export const transform: ResourceSpec<typeof transformKind.fields, TransformOutputs> = {
  kind: transformKind,
  // The name is the transform's key: a replacement under the same name must delete first.
  deleteBeforeReplace: true,
  label: (i) => `transform ${i.name}`,
  async create(i, ctx) {
    const module = moduleOf(i, "a new transform");
    const c = ctx.dp(i.dataplaneApiUrl);
    const existing = await findTransform(c, i.name);
    if (i.adoptId !== undefined && !existing) {
      throw new RedpandaError(`transform ${i.adoptId} to adopt does not exist`);
    }
    if (existing && i.adoptId === undefined && !declares(i, existing)) {
      // A deploy would silently replace someone's transform: not ours to take without asking.
      throw new RedpandaError(
        `transform "${i.name}" already exists and does not match this resource's inputs (it reads ${existing.input_topic_name}, ` +
          `writes ${existing.output_topic_names.join(", ")}, with ${existing.environment_variables.length} environment variables). ` +
          "Choose another name, or take it over by setting the resource's adoptId input to its name " +
          '(README "Adopting existing resources").',
      );
    }
    const outputs = existing?.output_topic_names ?? [];
    if (
      existing &&
      (existing.input_topic_name !== i.inputTopicName ||
        outputs.join("\n") !== i.outputTopicNames.join("\n"))
    ) {
      throw new RedpandaError(
        `transform ${i.name} reads ${existing.input_topic_name} and writes ${outputs.join(", ")}, and a transform's topics cannot change: ` +
          `declare inputTopicName "${existing.input_topic_name}" and outputTopicNames ${JSON.stringify(outputs)}`,
      );
    }
    await deployTransform(c, toApi(i), module.bytes);
    const outs: TransformOutputs = { ...i, id: i.name, wasmSha256: module.sha256 };
    try {
      await waitRunning(ctx, i, transformKind.deadlineMs(i.timeouts, "create"));
    } catch (err) {
      throw new CreatedButFailed(i.name, { id: i.name, wasmSha256: module.sha256 }, err as Error);
    }
    return { id: i.name, outs };
  },
  async read(id, props, ctx) {
    const t = await findTransform(ctx.dp(props.dataplaneApiUrl), id);
    return t ? fromApi(t, { ...props, id }) : undefined;
  },
  inputsOf: (o) => ({
    name: o.name,
    inputTopicName: o.inputTopicName,
    outputTopicNames: o.outputTopicNames,
    environmentVariables: o.environmentVariables,
  }),
  async update(id, olds, news, ctx) {
    const newEnvironment = !transformKind.sameValue(
      "environmentVariables",
      olds.environmentVariables,
      news.environmentVariables,
    );
    let sha256 = olds.wasmSha256;
    const module =
      news.wasmPath !== undefined || newEnvironment ? moduleOf(news, "a redeploy") : undefined;
    if (module && (module.sha256 !== olds.wasmSha256 || newEnvironment)) {
      await deployTransform(ctx.dp(news.dataplaneApiUrl), toApi(news), module.bytes);
      sha256 = module.sha256;
    }
    await waitRunning(ctx, news, transformKind.deadlineMs(news.timeouts, "update"));
    return { ...news, id, ...(sha256 !== undefined ? { wasmSha256: sha256 } : {}) };
  },
  async delete(id, props, ctx) {
    await deleteTransform(ctx.dp(props.dataplaneApiUrl), id);
  },
};
