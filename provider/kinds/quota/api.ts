/** Client quotas as the data-plane API sends them, and the batch bodies. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../client/wire/dataplane";

export const quotaEntrySchema = z.object({
  entity: z.object({ entity_type: nullableString, entity_name: nullableString }).nullish(),
  values: z
    .array(z.object({ value_type: nullableString, value: z.coerce.number() }))
    .nullish()
    .transform((v) => v ?? []),
});
export type QuotaEntry = z.infer<typeof quotaEntrySchema>;

const entityResult = z.object({
  entity_type: nullableString,
  entity_name: nullableString,
  error_code: z.number().nullish(),
  error_message: nullableString,
});
export const batchQuotaResultSchema = z.object({
  successful_entities: z.array(entityResult).nullish(),
  failed_entities: z.array(entityResult).nullish(),
});
export type BatchQuotaResult = z.infer<typeof batchQuotaResultSchema>;

export type QuotaSetting = DataPlane["schemas"]["QuotaSetting"];
export type QuotaDeletion = DataPlane["schemas"]["QuotaDeletion"];
