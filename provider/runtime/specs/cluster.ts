/**
 * Cluster (Dedicated and BYOC). Create waits for the operation and for STATE_READY, running the
 * BYOC agent once at STATE_CREATING_AGENT; delete runs the agent's destroy at STATE_DELETING_AGENT.
 * Name, throughput tier, tags and Kafka Connect update in place (a sparse PATCH); the rest replaces.
 */
import { z } from "zod";
import { createOnce } from "../../client/create";
import { ApiError, OperationError, isNotFound } from "../../client/errors";
import type { Cluster as ApiCluster, Operation } from "../../client/schemas";
import type { Observation } from "../../client/waiter";
import { runAgent } from "../byoc-agent";
import { MINUTE, adoptId, deadline, timeoutsInput, waitOperation, waitState } from "../common";
import { getClients } from "../context";
import { CreatedButFailed, stateFailed } from "../lifecycle";
import type { ResourceSpec } from "../lifecycle";
import { regionProblems } from "./catalog";
import { CLOUD_PROVIDERS, CLUSTER_TYPES } from "./network";

const byocSchema = z
  .object({
    command: z.string().min(1).optional(),
    extraArgs: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    gcpProjectId: z.string().min(1).optional(),
    azureSubscriptionId: z.string().min(1).optional(),
  })
  .strict()
  .optional();

const inputs = z
  .object({
    name: z
      .string()
      .min(3)
      .max(128)
      .regex(
        /^[A-Za-z0-9-:_]+$/,
        "name may contain only letters, digits, '-', ':' and '_' (3 to 128)",
      ),
    resourceGroupId: z.string().min(1),
    networkId: z
      .string()
      .regex(/^[a-v0-9]{20}$/, "networkId must be a network id (20 characters, a-v and 0-9)"),
    cloudProvider: z.enum(CLOUD_PROVIDERS),
    region: z.string().min(1),
    zones: z
      .array(z.string().min(1))
      .min(1, "zones must name at least one zone")
      .refine((z2) => new Set(z2).size === z2.length, "zones must be unique"),
    throughputTier: z.string().min(1),
    type: z.enum(CLUSTER_TYPES),
    connectionType: z
      .enum(["CONNECTION_TYPE_PUBLIC", "CONNECTION_TYPE_PRIVATE"])
      .default("CONNECTION_TYPE_PUBLIC"),
    redpandaVersion: z
      .string()
      .regex(/^\d+\.\d+$/, 'redpandaVersion is "major.minor", e.g. "25.1"')
      .optional(),
    kafkaConnect: z.boolean().optional(),
    cloudProviderTags: z.record(z.string(), z.string()).optional(),
    byoc: byocSchema,
    timeouts: timeoutsInput,
    adoptId,
  })
  .superRefine((v, ctx) => {
    if (v.type !== "TYPE_BYOC") return;
    if (v.cloudProvider === "CLOUD_PROVIDER_GCP" && !v.byoc?.gcpProjectId) {
      ctx.addIssue({
        code: "custom",
        path: ["byoc"],
        message: "a GCP BYOC cluster needs byoc.gcpProjectId for the agent step",
      });
    }
    if (v.cloudProvider === "CLOUD_PROVIDER_AZURE" && !v.byoc?.azureSubscriptionId) {
      ctx.addIssue({
        code: "custom",
        path: ["byoc"],
        message: "an Azure BYOC cluster needs byoc.azureSubscriptionId for the agent step",
      });
    }
  });
type In = z.infer<typeof inputs>;
type Out = In & {
  id: string;
  state: string;
  dataplaneApiUrl: string;
  kafkaSeedBrokers: string[];
  currentRedpandaVersion: string;
};

const CREATE_TIMEOUT = 90 * MINUTE;
const UPDATE_TIMEOUT = 180 * MINUTE;
const DELETE_TIMEOUT = 90 * MINUTE;

function view(
  c: ApiCluster,
): Pick<Out, "id" | "state" | "dataplaneApiUrl" | "kafkaSeedBrokers" | "currentRedpandaVersion"> {
  return {
    id: c.id,
    state: c.state,
    dataplaneApiUrl: c.dataplane_api.url,
    kafkaSeedBrokers: c.kafka_api.seed_brokers,
    currentRedpandaVersion: c.current_redpanda_version,
  };
}

/** Waits for READY, running the BYOC agent once when the cluster asks for it. */
async function waitReady(id: string, i: In, deadlineMs: number): Promise<ApiCluster> {
  const cp = getClients().controlPlane;
  let agentRan = false;
  return waitState(
    `cluster ${i.name} (${id})`,
    async (): Promise<Observation<ApiCluster>> => {
      const c = await cp.getCluster(id);
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

export const cluster: ResourceSpec<In, Out> = {
  type: "Cluster",
  inputs: inputs as unknown as z.ZodType<In>,
  secrets: ["byoc"],
  async preflight(i, olds, known) {
    const keys = ["cloudProvider", "region", "type", "zones"] as const;
    const same = (k: keyof In) => JSON.stringify(olds[k]) === JSON.stringify(i[k]);
    if (i.adoptId || !keys.every(known) || keys.every(same)) return [];
    return regionProblems("Cluster", i.cloudProvider, i.region, i.type, i.zones);
  },
  failed: stateFailed,
  replaceOn: [
    "resourceGroupId",
    "networkId",
    "cloudProvider",
    "region",
    "zones",
    "type",
    "connectionType",
    "redpandaVersion",
  ],
  ignore: ["byoc", "timeouts", "adoptId"],
  // One cluster per network: the old one must go before its replacement can be created.
  deleteBeforeReplace: true,
  label: (i) => `cluster ${i.name}`,
  async create(i) {
    const cp = getClients().controlPlane;
    const limit = deadline(i.timeouts, "create", CREATE_TIMEOUT);
    if (i.adoptId) {
      const c = await waitReady(i.adoptId, i, limit);
      return { id: c.id, outs: { ...i, ...view(c) } };
    }
    const body: Record<string, unknown> = {
      name: i.name,
      resource_group_id: i.resourceGroupId,
      network_id: i.networkId,
      cloud_provider: i.cloudProvider,
      region: i.region,
      zones: i.zones,
      throughput_tier: i.throughputTier,
      type: i.type,
      connection_type: i.connectionType,
      ...(i.redpandaVersion ? { redpanda_version: i.redpandaVersion } : {}),
      ...(i.kafkaConnect !== undefined ? { kafka_connect: { enabled: i.kafkaConnect } } : {}),
      ...(i.cloudProviderTags ? { cloud_provider_tags: i.cloudProviderTags } : {}),
    };
    const { value } = await createOnce<{ id: string; op?: Operation }>({
      describe: `cluster "${i.name}"`,
      create: async () => {
        const op = await cp.createCluster(body);
        return { id: String(op.metadata?.cluster_id ?? op.resource_id ?? ""), op };
      },
      lookup: async () => {
        const found = (await cp.listClusters({ "filter.network_id": i.networkId })).find(
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
      return { id: c.id, outs: { ...i, ...view(c) } };
    } catch (err) {
      const state = await cp.getCluster(value.id).then(
        (c) => c.state,
        () => "unknown",
      );
      throw new CreatedButFailed(
        value.id,
        {
          id: value.id,
          state,
          dataplaneApiUrl: "",
          kafkaSeedBrokers: [],
          currentRedpandaVersion: "",
        },
        err as Error,
      );
    }
  },
  async read(id, props) {
    const c = await getClients().controlPlane.getCluster(id);
    if (c.state === "STATE_DELETING" || c.state === "STATE_DELETING_AGENT") return undefined;
    return {
      ...props,
      ...view(c),
      name: c.name,
      throughputTier: c.throughput_tier,
      zones: c.zones,
      region: c.region,
    };
  },
  inputsOf: (o) => ({
    name: o.name,
    throughputTier: o.throughputTier,
    zones: o.zones,
    region: o.region,
  }),
  async update(id, olds, news) {
    const cp = getClients().controlPlane;
    const limit = deadline(news.timeouts, "update", UPDATE_TIMEOUT);
    // A create that failed or timed out left the cluster in state: resume waiting first.
    await waitReady(id, news, limit);
    const patch: Record<string, unknown> = {};
    if (olds.name !== news.name) patch.name = news.name;
    if (olds.throughputTier !== news.throughputTier) patch.throughput_tier = news.throughputTier;
    if (
      JSON.stringify(olds.cloudProviderTags ?? {}) !== JSON.stringify(news.cloudProviderTags ?? {})
    ) {
      patch.cloud_provider_tags = news.cloudProviderTags ?? {};
    }
    if ((olds.kafkaConnect ?? false) !== (news.kafkaConnect ?? false))
      patch.kafka_connect = { enabled: news.kafkaConnect ?? false };
    if (Object.keys(patch).length > 0) {
      const op = await cp.updateCluster(id, patch);
      await waitOperation(op, `cluster ${news.name} (${id}) update`, limit);
    }
    // Re-read rather than assume: the API drops paths it does not map (Terraform's clustermask).
    const c = await cp.getCluster(id);
    return { ...news, ...view(c) };
  },
  async delete(id, props) {
    const cp = getClients().controlPlane;
    const limit = deadline(props.timeouts, "delete", DELETE_TIMEOUT);
    const current = await cp.getCluster(id);
    const op =
      current.state === "STATE_DELETING" || current.state === "STATE_DELETING_AGENT"
        ? undefined
        : await cp.deleteCluster(id);
    let agentRan = false;
    await waitState(
      `cluster ${props.name} (${id}) deletion`,
      async (): Promise<Observation<true>> => {
        try {
          const c = await cp.getCluster(id);
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
