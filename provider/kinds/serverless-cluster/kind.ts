/**
 * ServerlessCluster: every ServerlessClusterCreate field. Name, resource group and region replace;
 * tags, networking and the private link update in place (ServerlessClusterUpdate).
 */
import * as z from "zod";
import type { ServerlessCluster as ApiServerless } from "./api";
import type { ServerlessClusterCreate, ServerlessClusterUpdate } from "./api";
import { equal } from "../../equal";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, allowDeletion, timeouts } from "../../declare/fields";
import * as W from "../../wire/nested-schemas";
import { fromWire, toWire } from "../../declare/wire-case";

export const serverlessClusterKind = declareKind({
  type: "ServerlessCluster",
  section: "control plane",
  order: 5,
  doc: "A Serverless cluster; pipelines run here (as on Dedicated and BYOC), connectors do not.",
  fields: {
    name: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(
          /^[A-Za-z0-9-_:]+$/,
          "name may contain only letters, digits, '-', '_' and ':' (3 to 128)",
        ),
      change: "replace",
      doc: "Name, 3–128 of letters, digits, `-`, `_`, `:`",
    },
    resourceGroupId: { schema: z.string().min(1), change: "replace", doc: "Resource group id" },
    serverlessRegion: {
      schema: z.string().min(1),
      change: "replace",
      doc: "Serverless region, e.g. `us-east-1`",
    },
    tags: {
      schema: z
        .record(z.string(), z.string())
        .refine((t) => Object.keys(t).length <= 50, "at most 50 tags")
        .optional(),
      change: "update",
      doc: "Tags (at most 50)",
    },
    networkingConfig: {
      schema: W.ServerlessNetworkingConfig.optional(),
      change: "update",
      doc: "Which endpoints are on: `{ public, private }`, each `STATE_ENABLED` or `STATE_DISABLED`",
    },
    privateLinkId: {
      schema: z.string().min(1).optional(),
      change: "update",
      doc: "Id of the serverless private link the private endpoints use (needed for `private: STATE_ENABLED`)",
    },
    timeouts,
    adoptId: adoptId("Id of an existing serverless cluster to manage instead of creating one"),
    allowDeletion,
  },
  rules(v, ctx) {
    if (v.networkingConfig?.private === "STATE_ENABLED" && !v.privateLinkId) {
      ctx.addIssue({
        code: "custom",
        path: ["privateLinkId"],
        message: "networkingConfig.private STATE_ENABLED needs privateLinkId",
      });
    }
    if (
      v.networkingConfig?.public === "STATE_DISABLED" &&
      v.networkingConfig.private !== "STATE_ENABLED"
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["networkingConfig"],
        message: "networkingConfig must leave the public or the private endpoint enabled",
      });
    }
  },
  timeouts: { create: 30, update: 30, delete: 30 },
  clusterKinds: "Serverless",
  outputs: {
    name: { schema: z.string(), doc: "The cluster's name." },
    state: { schema: z.string(), doc: "The API's state, `STATE_READY` once created." },
    dataplaneApiUrl: {
      schema: z.string(),
      doc: "The cluster's data-plane API URL (topics, users, ACLs, pipelines).",
    },
    kafkaSeedBrokers: { schema: z.array(z.string()), doc: "Kafka API seed brokers, `host:port`." },
    schemaRegistryUrl: { schema: z.string(), doc: "The Schema Registry's URL." },
    consoleUrl: { schema: z.string(), doc: "The Redpanda Console's URL." },
    privateKafkaSeedBrokers: {
      schema: z.array(z.string()),
      doc: "Kafka API seed brokers over the private link (empty when private is off).",
    },
    privateDataplaneApiUrl: {
      schema: z.string(),
      doc: "The data-plane API over the private link (empty when private is off).",
    },
  },
});

export type ServerlessClusterInputs = InputsOf<typeof serverlessClusterKind.fields>;
/** What the API computes: the rest of the state is the inputs. */
export type ServerlessClusterComputed = {
  id: string;
  state: string;
  dataplaneApiUrl: string;
  kafkaSeedBrokers: string[];
  schemaRegistryUrl: string;
  consoleUrl: string;
  privateKafkaSeedBrokers: string[];
  privateDataplaneApiUrl: string;
};
export type ServerlessClusterOutputs = ServerlessClusterInputs & ServerlessClusterComputed;

export function toApi(i: ServerlessClusterInputs): ServerlessClusterCreate {
  return toWire(W.ServerlessClusterCreate, i) as ServerlessClusterCreate;
}

/** The sparse PATCH: tags, networking and the private link, where they changed. */
export function updateOf(
  olds: ServerlessClusterInputs,
  news: ServerlessClusterInputs,
): ServerlessClusterUpdate {
  const changed: Partial<ServerlessClusterInputs> = {};
  if (!equal(olds.tags ?? {}, news.tags ?? {})) changed.tags = news.tags ?? {};
  if (news.networkingConfig && !equal(olds.networkingConfig, news.networkingConfig)) {
    changed.networkingConfig = news.networkingConfig;
  }
  if (news.privateLinkId && olds.privateLinkId !== news.privateLinkId) {
    changed.privateLinkId = news.privateLinkId;
  }
  return toWire(W.ServerlessClusterCreate, changed) as ServerlessClusterUpdate;
}

/** The computed outputs of a cluster whose create failed before the API reported it. */
export function unknownComputed(id: string): ServerlessClusterComputed {
  return {
    id,
    state: "STATE_CREATING",
    dataplaneApiUrl: "",
    kafkaSeedBrokers: [],
    schemaRegistryUrl: "",
    consoleUrl: "",
    privateKafkaSeedBrokers: [],
    privateDataplaneApiUrl: "",
  };
}

/** What the API computes, from a serverless cluster record. */
export function computedOf(s: ApiServerless): ServerlessClusterComputed {
  return {
    id: s.id,
    state: s.state,
    dataplaneApiUrl: s.dataplane_api.url,
    kafkaSeedBrokers: s.kafka_api?.seed_brokers ?? [],
    schemaRegistryUrl: s.schema_registry?.url ?? "",
    consoleUrl: s.console_url ?? "",
    privateKafkaSeedBrokers: s.kafka_api?.private_seed_brokers ?? [],
    privateDataplaneApiUrl: s.dataplane_api.private_url ?? "",
  };
}

/** The state a read gives; tags the API reports empty keep the declared ones. */
export function fromApi(
  s: ApiServerless,
  props: ServerlessClusterInputs,
): ServerlessClusterOutputs {
  const networking = fromWire(W.ServerlessNetworkingConfig, s.networking_config) as
    ServerlessClusterInputs["networkingConfig"] | undefined;
  return {
    ...props,
    ...computedOf(s),
    name: s.name,
    tags: Object.keys(s.tags).length ? s.tags : props.tags,
    ...(props.networkingConfig && networking ? { networkingConfig: networking } : {}),
    ...(props.privateLinkId !== undefined ? { privateLinkId: s.private_link_id ?? "" } : {}),
  };
}
