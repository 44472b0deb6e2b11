/**
 * Cluster (Dedicated and BYOC). Name, throughput tier, tags and Kafka Connect update in place (a
 * sparse PATCH); the rest replaces.
 */
import { z } from "zod";
import type { Cluster as ApiCluster } from "../client/cluster";
import type { ClusterCreate, ClusterUpdate } from "../client/cluster";
import { equal } from "../equal";
import { CLOUD_PROVIDERS, CLUSTER_TYPES, CONNECTION_TYPES } from "../enums";
import { declareKind } from "./declare";
import type { InputsOf } from "./declare";
import { adoptId, timeouts } from "./fields";

const byocAgent = z
  .object({
    command: z.string().min(1).optional().describe("Executable; default `rpk` on PATH."),
    extraArgs: z.array(z.string()).optional().describe("Arguments appended to the standard ones."),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        "Extra environment (cloud credentials); the whole `byoc` input is kept secret in state.",
      ),
    gcpProjectId: z
      .string()
      .min(1)
      .optional()
      .describe("GCP project id; required for GCP BYOC clusters."),
    azureSubscriptionId: z
      .string()
      .min(1)
      .optional()
      .describe("Azure subscription id; required for Azure BYOC clusters."),
  })
  .strict()
  .describe(
    "The vendor CLI's BYOC agent step (`rpk cloud byoc <cloud> apply|destroy --redpanda-id <id>`).",
  );

export const clusterKind = declareKind({
  type: "Cluster",
  doc: "A Dedicated or BYOC cluster. Its `dataplaneApiUrl` feeds topics, users, ACLs and connectors.",
  fields: {
    name: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(
          /^[A-Za-z0-9-:_]+$/,
          "name may contain only letters, digits, '-', ':' and '_' (3 to 128)",
        ),
      change: "update",
      doc: "Cluster name, 3–128 of letters, digits, `-`, `:`, `_`",
    },
    resourceGroupId: { schema: z.string().min(1), change: "replace", doc: "Resource group id" },
    networkId: {
      schema: z
        .string()
        .regex(/^[a-v0-9]{20}$/, "networkId must be a network id (20 characters, a-v and 0-9)"),
      change: "replace",
      doc: "Network id (`network.id`), whose type, cloud and region must match",
    },
    cloudProvider: { schema: z.enum(CLOUD_PROVIDERS), change: "replace", doc: "Cloud provider" },
    region: { schema: z.string().min(1), change: "replace", doc: "Region of the network" },
    zones: {
      schema: z
        .array(z.string().min(1))
        .min(1, "zones must name at least one zone")
        .refine((z2) => new Set(z2).size === z2.length, "zones must be unique"),
      change: "replace",
      doc: "Availability zones, a subset of the network's",
    },
    throughputTier: {
      schema: z.string().min(1),
      change: "update",
      doc: "Usage tier, e.g. `tier-1-gcp-v2-x86`",
    },
    type: {
      schema: z.enum(CLUSTER_TYPES),
      change: "replace",
      doc: "`TYPE_DEDICATED` or `TYPE_BYOC`",
    },
    connectionType: {
      schema: z.enum(CONNECTION_TYPES).default("CONNECTION_TYPE_PUBLIC"),
      change: "replace",
      doc: "Whether the cluster is reachable from the internet",
    },
    redpandaVersion: {
      schema: z
        .string()
        .regex(/^\d+\.\d+$/, 'redpandaVersion is "major.minor", e.g. "25.1"')
        .optional(),
      change: "replace",
      doc: 'Redpanda version "major.minor"; server default when unset',
    },
    kafkaConnect: {
      schema: z.boolean().optional(),
      change: "update",
      doc: "Enables Kafka Connect (needed for connectors)",
    },
    cloudProviderTags: {
      schema: z.record(z.string(), z.string()).optional(),
      change: "update",
      doc: "Tags on the cloud resources",
    },
    byoc: {
      schema: byocAgent.optional(),
      change: "none",
      secret: true,
      doc: "BYOC agent settings (BYOC only)",
      publicType: "ByocAgentArgs",
    },
    timeouts,
    adoptId: adoptId("Id of an existing cluster to manage instead of creating one"),
  },
  rules(v, ctx) {
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
  },
  types: { ByocAgentArgs: byocAgent },
  timeouts: { create: 90, update: 180, delete: 90 },
  clusterKinds: "Dedicated, BYOC",
  outputs: {
    name: { type: "string", doc: "The cluster's name." },
    state: { type: "string", doc: "The API's state, `STATE_READY` once created." },
    dataplaneApiUrl: { type: "string", doc: "The cluster's data-plane API URL." },
    kafkaSeedBrokers: { type: "string[]", doc: "Kafka API seed brokers, `host:port`." },
    currentRedpandaVersion: { type: "string", doc: "The Redpanda version the cluster runs." },
    throughputTier: { type: "string", doc: "The cluster's throughput tier." },
    type: { type: "string", doc: "`TYPE_DEDICATED` or `TYPE_BYOC`." },
  },
});

export type ClusterInputs = InputsOf<typeof clusterKind.fields>;
/** What the API computes: the rest of the state is the inputs. */
export type ClusterComputed = {
  id: string;
  state: string;
  dataplaneApiUrl: string;
  kafkaSeedBrokers: string[];
  currentRedpandaVersion: string;
};
export type ClusterOutputs = ClusterInputs & ClusterComputed;

export function toApi(i: ClusterInputs): ClusterCreate {
  return {
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
}

/** The sparse PATCH: only the updatable fields that changed. */
export function updateOf(olds: ClusterInputs, news: ClusterInputs): ClusterUpdate {
  const patch: ClusterUpdate = {};
  if (olds.name !== news.name) patch.name = news.name;
  if (olds.throughputTier !== news.throughputTier) patch.throughput_tier = news.throughputTier;
  if (!equal(olds.cloudProviderTags ?? {}, news.cloudProviderTags ?? {})) {
    patch.cloud_provider_tags = news.cloudProviderTags ?? {};
  }
  if ((olds.kafkaConnect ?? false) !== (news.kafkaConnect ?? false))
    patch.kafka_connect = { enabled: news.kafkaConnect ?? false };
  return patch;
}

/** What the API computes, from a cluster record. */
export function computedOf(c: ApiCluster): ClusterComputed {
  return {
    id: c.id,
    state: c.state,
    dataplaneApiUrl: c.dataplane_api.url,
    kafkaSeedBrokers: c.kafka_api.seed_brokers,
    currentRedpandaVersion: c.current_redpanda_version,
  };
}

/** The state a read gives: computed fields, and the updatable inputs as the API reports them. */
export function fromApi(c: ApiCluster, props: ClusterInputs): ClusterOutputs {
  return {
    ...props,
    ...computedOf(c),
    name: c.name,
    throughputTier: c.throughput_tier,
    zones: c.zones,
    region: c.region,
  };
}
