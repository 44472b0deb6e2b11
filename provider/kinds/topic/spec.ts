/**
 * Topic's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. Refresh reports drift of explicitly
 * set configs and partitions (broker defaults are not the user's and never show as drift).
 */
import { createOnce } from "../../retry/create-once";
import type { DataPlaneClient } from "../../transport/dataplane";
import { equal } from "../../equal";
import { fromApi, liveOf, toApi, topicKind } from "./kind";
import type { LiveTopic, TopicInputs, TopicOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import type { CallContext } from "../../runtime/context";
import {
  createTopic,
  deleteTopic,
  findTopic,
  getTopicConfigs,
  readTopic,
  setTopicConfigs,
  setTopicPartitions,
} from "./api";

/** The topic as it is: `shared` reads from the refresh's shared list, else asks exactly now. */
async function live(
  c: DataPlaneClient,
  name: string,
  shared = false,
): Promise<LiveTopic | undefined> {
  const t = shared ? await readTopic(c, name) : await findTopic(c, name);
  if (!t) return undefined;
  return liveOf(t, await getTopicConfigs(c, name));
}

/** Whether a topic found by name is exactly what this resource declares. */
function sameTopic(i: TopicInputs, found: LiveTopic): boolean {
  return (
    (i.partitionCount === undefined || i.partitionCount === found.partitionCount) &&
    (i.replicationFactor === undefined || i.replicationFactor === found.replicationFactor) &&
    equal(i.configs, found.configs)
  );
}

export const topic: ResourceSpec<typeof topicKind.fields, TopicOutputs> = {
  kind: topicKind,
  deleteBeforeReplace: true,
  replaceWhen: (olds, news) =>
    news.partitionCount !== undefined &&
    olds.partitionCount !== undefined &&
    news.partitionCount < olds.partitionCount
      ? ["partitionCount"]
      : [],
  label: (i) => `topic ${i.name}`,
  async create(i, ctx) {
    const c = ctx.dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      const t = await live(c, i.adoptId);
      if (!t) throw new Error(`topic ${i.adoptId} to adopt does not exist`);
      await converge(ctx, i, t);
      return { id: i.adoptId, outs: { ...i, id: i.adoptId } };
    }
    await createOnce<LiveTopic | undefined, DataPlaneClient>({
      describe: `topic "${i.name}"`,
      client: c,
      create: async (c) => {
        await createTopic(c, toApi(i));
        return undefined;
      },
      lookup: (c) => live(c, i.name),
      // A topic of that name is taken over only when it is exactly what this resource declares
      // (partitions and replication factor where declared, the same explicit configs): what a
      // create whose answer was lost (a killed run, a dropped connection) leaves behind. Anything
      // else is not ours to take silently: the refusal points at adoptId.
      matches: (found) => found !== undefined && sameTopic(i, found),
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props, ctx) {
    const t = await live(ctx.dp(props.dataplaneApiUrl), id, true);
    return t ? fromApi(t, { ...props, id }) : undefined;
  },
  inputsOf: (o) => ({
    configs: o.configs,
    ...(o.partitionCount !== undefined ? { partitionCount: o.partitionCount } : {}),
    ...(o.replicationFactor !== undefined ? { replicationFactor: o.replicationFactor } : {}),
  }),
  async update(id, olds, news, ctx) {
    await converge(ctx, news, { partitionCount: olds.partitionCount, configs: olds.configs });
    return { ...news, id };
  },
  async delete(id, props, ctx) {
    await deleteTopic(ctx.dp(props.dataplaneApiUrl), id);
  },
};

/** Brings partitions and configs from `current` to what `i` declares. */
async function converge(
  ctx: CallContext,
  i: TopicInputs,
  current: { partitionCount?: number; configs: Record<string, string> },
): Promise<void> {
  const c = ctx.dp(i.dataplaneApiUrl);
  if (i.partitionCount !== undefined && i.partitionCount !== current.partitionCount) {
    await setTopicPartitions(c, i.name, i.partitionCount);
  }
  if (!equal(i.configs, current.configs)) await setTopicConfigs(c, i.name, i.configs);
}
