/**
 * ShadowLink: replicates a source Kafka cluster into a shadow Redpanda cluster (disaster recovery,
 * migration). Every field of the vendor's ShadowLinkCreate, camelCased and nested as on the wire;
 * the option groups ShadowLinkUpdate carries update in place (an operation), the rest replaces.
 * The client and Schema Registry options hold credentials (SCRAM/PLAIN passwords, TLS keys), so
 * they are secret in state and never read back.
 */
import * as z from "zod";
import type { Field, InputsOf } from "../../declare/declare";
import { declareKind } from "../../declare/declare";
import { adoptId, allowDeletion, timeouts } from "../../declare/fields";
import * as W from "../../wire/nested-schemas";
import { fromWire, projectOnto, toWire, wireKey } from "../../declare/wire-case";

const options = <S extends z.ZodType>(schema: S, doc: string, secret = false) =>
  ({
    schema: schema.optional(),
    change: "update",
    doc,
    ...(secret ? { secret } : {}),
  }) satisfies Field;

export const shadowLinkKind = declareKind({
  type: "ShadowLink",
  section: "control plane",
  order: 7,
  doc: "A shadow link: a source cluster's topics, offsets, ACLs and schemas mirrored into a shadow cluster.",
  fields: {
    name: {
      schema: z
        .string()
        .min(1)
        .max(128)
        .regex(/^[A-Za-z0-9-_]+$/, "name may contain only letters, digits, '-' and '_'"),
      change: "replace",
      doc: "Shadow link name",
    },
    shadowRedpandaId: {
      schema: z.string().min(1),
      change: "replace",
      doc: "Id of the shadow cluster (a Redpanda Cloud cluster) the data is copied into",
    },
    sourceRedpandaId: {
      schema: z.string().min(1).optional(),
      change: "replace",
      doc: "Id of the source cluster when it is a Redpanda Cloud cluster",
    },
    clientOptions: options(
      W.V1ShadowLinkClientOptions,
      "How to reach the source: `bootstrapServers`, `tlsSettings`, `authenticationConfiguration` (SCRAM or PLAIN), timeouts; secret",
      true,
    ),
    topicMetadataSyncOptions: options(
      W.TopicMetadataSyncOptions,
      "Which topics to mirror and from where: `autoCreateShadowTopicFilters`, `startAtEarliest: {}`, `interval`, …",
    ),
    consumerOffsetSyncOptions: options(
      W.ConsumerOffsetSyncOptions,
      "Consumer-group offsets to mirror: `groupFilters`, `interval`, `paused`",
    ),
    securitySyncOptions: options(
      W.SecuritySettingsSyncOptions,
      "ACLs to mirror: `aclFilters`, `interval`, `paused`",
    ),
    schemaRegistrySyncOptions: options(
      W.SchemaRegistrySyncOptions,
      "Schemas to mirror: `shadowSchemaRegistryApi` (source URL, credentials) or `shadowSchemaRegistryTopic: {}`; secret",
      true,
    ),
    failoverTrigger: {
      schema: z.string().optional(),
      change: "update",
      doc: "Any value; a change fails the link over (`POST /v1/shadow-links/{name}/failover` on the shadow cluster): every shadow topic stops mirroring and takes writes. The link stays (delete it when done); a failover cannot be undone. Not at creation",
    },
    timeouts,
    adoptId: adoptId("Id of an existing shadow link to manage instead of creating one"),
    allowDeletion,
  },
  rules(v, ctx) {
    if (!v.sourceRedpandaId && !v.clientOptions?.bootstrapServers?.length) {
      ctx.addIssue({
        code: "custom",
        path: ["clientOptions"],
        message:
          "clientOptions.bootstrapServers is needed unless sourceRedpandaId names the source",
      });
    }
    const auth = v.clientOptions?.authenticationConfiguration;
    if (auth?.scramConfiguration && auth.plainConfiguration) {
      ctx.addIssue({
        code: "custom",
        path: ["clientOptions"],
        message: "clientOptions.authenticationConfiguration takes SCRAM or PLAIN, not both",
      });
    }
  },
  timeouts: { create: 30, update: 30, delete: 30 },
  outputs: {
    name: { schema: z.string(), doc: "The shadow link's name." },
    state: { schema: z.string(), doc: "The API's state, `STATE_ACTIVE` once created." },
    reason: { schema: z.string(), doc: "Why the link is in its state, when the API says." },
  },
});

export type ShadowLinkInputs = InputsOf<typeof shadowLinkKind.fields>;
export type ShadowLinkOutputs = ShadowLinkInputs & { id: string; state: string; reason: string };

/** The option groups ShadowLinkUpdate carries: each updates in place. */
export const UPDATABLE = Object.keys(W.ShadowLinkUpdate.shape).filter(
  (k) => k !== "id",
) as (keyof ShadowLinkInputs)[];
/** Groups holding credentials: never read back, so a read keeps what was written. */
const WRITE_ONLY = new Set<string>(["clientOptions", "schemaRegistrySyncOptions"]);

export function toApi(i: ShadowLinkInputs): Record<string, unknown> {
  return toWire(W.ShadowLinkCreate, i) as Record<string, unknown>;
}

/** The PATCH body: the option groups that changed, whole. */
export function updateOf(olds: ShadowLinkInputs, news: ShadowLinkInputs): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of UPDATABLE) {
    if (news[key] !== undefined && JSON.stringify(olds[key]) !== JSON.stringify(news[key]))
      changed[key] = news[key];
  }
  return toWire(W.ShadowLinkUpdate, changed) as Record<string, unknown>;
}

/**
 * The state a read gives: the option groups the program declares, as the API has them. An import
 * (which knows nothing but the id) takes every group the API shows, the credentials left out (the
 * API never shows them), and the clusters the link joins.
 */
export function fromApi(
  record: Record<string, unknown>,
  props: ShadowLinkInputs,
): Omit<ShadowLinkOutputs, "id"> {
  const importing = props.shadowRedpandaId === undefined;
  const live: Record<string, unknown> = {};
  for (const key of UPDATABLE) {
    const field = W.ShadowLinkCreate.shape[key as keyof typeof W.ShadowLinkCreate.shape];
    if (importing) {
      const shown = fromWire(field, record[wireKey(key)]);
      if (shown !== undefined) live[key] = shown;
      continue;
    }
    if (props[key] === undefined || WRITE_ONLY.has(key)) continue;
    live[key] = projectOnto(props[key], fromWire(field, record[wireKey(key)]));
  }
  if (importing) {
    live.shadowRedpandaId = record.shadow_redpanda_id;
    if (typeof record.source_redpanda_id === "string") {
      live.sourceRedpandaId = record.source_redpanda_id;
    }
  }
  return {
    ...props,
    ...(live as Partial<ShadowLinkInputs>),
    name: String(record.name ?? props.name),
    state: String(record.state ?? ""),
    reason: String(record.reason ?? ""),
  };
}
