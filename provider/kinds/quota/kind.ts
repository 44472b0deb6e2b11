/**
 * Quota: client throughput quotas of one entity (a client id, a client-id prefix, or the default
 * client), set through the data plane's batch API. The values update in place; the entity
 * replaces. Exact: a delete removes the value types this resource set and nothing else, so
 * values of the same entity managed elsewhere stay.
 */
import * as z from "zod";
import type { QuotaEntry, QuotaSetting } from "./api";
import { QUOTA_ENTITY_TYPES, QUOTA_VALUE_TYPES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";

/** Enum values the vendor lists that Redpanda does not support: refused at check in its words. */
const UNSUPPORTED: readonly string[] = [
  "ENTITY_TYPE_USER",
  "ENTITY_TYPE_IP",
  "VALUE_TYPE_REQUEST_PERCENTAGE",
];

const entity = z
  .object({
    entityType: z
      .enum(QUOTA_ENTITY_TYPES)
      .describe("What the quota applies to. Changing it replaces the resource."),
    entityName: z
      .string()
      .default("")
      .describe(
        "The client id or prefix; empty for the default client (every client without its own). Changing it replaces the resource.",
      ),
  })
  .strict()
  .describe("The entity a quota applies to. Changing it replaces the resource.");

const value = z
  .object({
    valueType: z.enum(QUOTA_VALUE_TYPES).describe("Which limit. Changing it updates in place."),
    value: z
      .number()
      .nonnegative("value must be ≥ 0")
      .describe(
        "Bytes per second for byte rates; partition mutations per second for the controller rate. Changing it updates in place.",
      ),
  })
  .strict()
  .describe("One limit of a quota. Changing it updates in place.");

export const quotaKind = declareKind({
  type: "Quota",
  section: "data plane",
  order: 10,
  doc: "Client throughput quotas of one client id, client-id prefix or the default client.",
  clusterKinds: "all",
  fields: {
    dataplaneApiUrl,
    entity: {
      schema: entity,
      change: "replace",
      doc: "The client id, prefix or default client the limits apply to",
      publicType: "QuotaEntityArgs",
    },
    values: {
      schema: z.array(value).min(1, "values must set at least one limit"),
      change: "update",
      doc: "The limits, one per value type",
      publicType: "QuotaValueArgs[]",
    },
    adoptId: adoptId(
      "The id (`<entityType>/<entityName>`) of quotas set elsewhere to manage instead of refusing them",
    ),
  },
  types: { QuotaEntityArgs: entity, QuotaValueArgs: value },
  rules(v, ctx) {
    if (UNSUPPORTED.includes(v.entity.entityType))
      ctx.addIssue({
        code: "custom",
        path: ["entity", "entityType"],
        message: `${v.entity.entityType} is not supported in Redpanda: use ENTITY_TYPE_CLIENT_ID or ENTITY_TYPE_CLIENT_ID_PREFIX`,
      });
    if (v.entity.entityType === "ENTITY_TYPE_CLIENT_ID_PREFIX" && !v.entity.entityName)
      ctx.addIssue({
        code: "custom",
        path: ["entity", "entityName"],
        message: "entityName is required for ENTITY_TYPE_CLIENT_ID_PREFIX",
      });
    const seen = new Set<string>();
    v.values.forEach((x, i) => {
      if (UNSUPPORTED.includes(x.valueType))
        ctx.addIssue({
          code: "custom",
          path: ["values", i, "valueType"],
          message: `${x.valueType} is not supported in Redpanda`,
        });
      if (seen.has(x.valueType))
        ctx.addIssue({
          code: "custom",
          path: ["values", i, "valueType"],
          message: `${x.valueType} is set twice: one value per type`,
        });
      seen.add(x.valueType);
    });
  },
  outputs: {
    entity: { schema: entity, doc: "The entity." },
    values: { schema: z.array(value), doc: "The limits as the cluster has them." },
  },
});

export type QuotaInputs = InputsOf<typeof quotaKind.fields>;
export type QuotaOutputs = QuotaInputs & { id: string };

export const quotaId = (i: Pick<QuotaInputs, "entity">): string =>
  `${i.entity.entityType}/${i.entity.entityName}`;

export function toApi(i: Pick<QuotaInputs, "entity" | "values">): QuotaSetting {
  return {
    entity: { entity_type: i.entity.entityType, entity_name: i.entity.entityName },
    values: i.values.map((v) => ({ value_type: v.valueType, value: v.value })),
  };
}

/**
 * This resource's value types as the cluster has them, in the program's order. An import declares
 * none (its seed, adopt.ts): then every value the entity has, in the cluster's order.
 */
export function liveValues(
  entries: QuotaEntry[],
  declared: QuotaInputs["values"],
): QuotaInputs["values"] {
  const live = new Map<string, number>();
  for (const e of entries) for (const v of e.values) live.set(v.value_type, v.value);
  const types = declared.length > 0 ? declared.map((d) => d.valueType) : [...live.keys()];
  return types
    .filter((t) => live.has(t))
    .map((t) => ({ valueType: t, value: live.get(t) as number })) as QuotaInputs["values"];
}
