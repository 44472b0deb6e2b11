/**
 * Topic: configs update in place; partitions grow in place and shrinking replaces; the name and
 * replication factor replace. Refresh reports drift of explicitly set configs and partitions
 * (broker defaults are not the user's and never show as drift).
 */
import { z } from "zod";
import { createOnce } from "../../client/create";
import { adoptId, dataplaneApiUrl } from "../common";
import type { ResourceSpec } from "../lifecycle";
import { dp } from "./dataplane-common";

const inputs = z.object({
  dataplaneApiUrl,
  name: z
    .string()
    .min(1)
    .max(249)
    .regex(
      /^[a-zA-Z0-9._-]+$/,
      "name may contain only letters, digits, '.', '_' and '-' (1 to 249)",
    )
    .refine((n) => n !== "." && n !== "..", 'name cannot be "." or ".."'),
  partitionCount: z.number().int().positive("partitionCount must be at least 1").optional(),
  replicationFactor: z
    .number()
    .int()
    .min(1, "replicationFactor must be at least 1")
    .max(5)
    .optional(),
  configs: z
    .record(
      z
        .string()
        .regex(/^[a-z0-9.]+$/, "config names are lower-case words with dots, e.g. retention.ms"),
      z.string(),
    )
    .default({}),
  adoptId,
});
type In = z.infer<typeof inputs>;
type Out = In & { id: string };

async function live(
  url: string,
  name: string,
): Promise<
  { partitionCount: number; replicationFactor: number; configs: Record<string, string> } | undefined
> {
  const c = dp(url);
  const t = await c.findTopic(name);
  if (!t) return undefined;
  const configs = Object.fromEntries(
    (await c.getTopicConfigs(name))
      .filter(
        (cfg) =>
          cfg.source === "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG" &&
          cfg.value !== undefined &&
          cfg.value !== null,
      )
      .map((cfg) => [cfg.name, cfg.value as string]),
  );
  return { partitionCount: t.partition_count, replicationFactor: t.replication_factor, configs };
}

type LiveTopic = NonNullable<Awaited<ReturnType<typeof live>>>;

function sameTopic(i: In, found: LiveTopic): boolean {
  const declared = Object.entries(i.configs).sort();
  const existing = Object.entries(found.configs).sort();
  return (
    (i.partitionCount === undefined || i.partitionCount === found.partitionCount) &&
    (i.replicationFactor === undefined || i.replicationFactor === found.replicationFactor) &&
    JSON.stringify(declared) === JSON.stringify(existing)
  );
}

export const topic: ResourceSpec<In, Out> = {
  type: "Topic",
  inputs,
  replaceOn: ["dataplaneApiUrl", "name", "replicationFactor"],
  ignore: ["adoptId"],
  deleteBeforeReplace: true,
  replaceWhen: (olds, news) =>
    news.partitionCount !== undefined &&
    olds.partitionCount !== undefined &&
    news.partitionCount < olds.partitionCount
      ? ["partitionCount"]
      : [],
  label: (i) => `topic ${i.name}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      const t = await live(i.dataplaneApiUrl, i.adoptId);
      if (!t) throw new Error(`topic ${i.adoptId} to adopt does not exist`);
      await converge(i, t);
      return { id: i.adoptId, outs: { ...i, id: i.adoptId } };
    }
    await createOnce<LiveTopic | undefined>({
      describe: `topic "${i.name}"`,
      create: async () => {
        await c.createTopic({
          name: i.name,
          partition_count: i.partitionCount,
          replication_factor: i.replicationFactor,
          configs: Object.entries(i.configs).map(([name, value]) => ({ name, value })),
        });
        return undefined;
      },
      lookup: () => live(i.dataplaneApiUrl, i.name),
      // A topic of that name is taken over only when it is exactly what this resource declares
      // (partitions and replication factor where declared, the same explicit configs): what a
      // create whose answer was lost (a killed run, a dropped connection) leaves behind. Anything
      // else is not ours to take silently: the refusal points at adoptId.
      matches: (found) => found !== undefined && sameTopic(i, found),
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props) {
    const t = await live(props.dataplaneApiUrl, id);
    if (!t) return undefined;
    return {
      ...props,
      id,
      configs: t.configs,
      ...(props.partitionCount !== undefined ? { partitionCount: t.partitionCount } : {}),
      ...(props.replicationFactor !== undefined ? { replicationFactor: t.replicationFactor } : {}),
    };
  },
  inputsOf: (o) => ({
    configs: o.configs,
    ...(o.partitionCount !== undefined ? { partitionCount: o.partitionCount } : {}),
    ...(o.replicationFactor !== undefined ? { replicationFactor: o.replicationFactor } : {}),
  }),
  async update(id, olds, news) {
    await converge(news, { partitionCount: olds.partitionCount, configs: olds.configs });
    return { ...news, id };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deleteTopic(id);
  },
};

/** Brings partitions and configs from `current` to what `i` declares. */
async function converge(
  i: In,
  current: { partitionCount?: number; configs: Record<string, string> },
): Promise<void> {
  const c = dp(i.dataplaneApiUrl);
  if (i.partitionCount !== undefined && i.partitionCount !== current.partitionCount) {
    await c.setTopicPartitions(i.name, i.partitionCount);
  }
  if (JSON.stringify(sorted(i.configs)) !== JSON.stringify(sorted(current.configs))) {
    await c.setTopicConfigs(i.name, i.configs);
  }
}

const sorted = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
