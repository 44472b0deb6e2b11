/**
 * Client quotas as the data-plane API sends them, and the batch bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";

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

/** The quotas matching `filter`, every page (the list's token is `page_token`, not `next_page_token`). */
async function quotaPages(
  c: DataPlaneClient,
  filter: Record<string, string>,
): Promise<QuotaEntry[]> {
  const out: QuotaEntry[] = [];
  let token = "";
  do {
    const page = await c.transport.request({
      method: "GET",
      url: c.url("/v1/quotas"),
      query: { ...filter, page_token: token || undefined },
      idempotent: true,
      schema: z.object({
        quotas: z.array(quotaEntrySchema).nullish(),
        page_token: z.string().nullish(),
      }),
    });
    out.push(...(page.quotas ?? []));
    token = page.page_token ?? "";
  } while (token);
  return out;
}

/** One entity's quotas: a client id's, a user's, ... (the default entity when `entityName` is ""). */
export function listQuotas(
  c: DataPlaneClient,
  entityType: string,
  entityName: string,
): Promise<QuotaEntry[]> {
  return quotaPages(c, {
    "filter.entity_type": entityType,
    ...(entityName ? { "filter.entity_name": entityName } : { "filter.match_default": "true" }),
  });
}

/** Every quota of the cluster, every page (discovery). */
export function listAllQuotas(c: DataPlaneClient): Promise<QuotaEntry[]> {
  return quotaPages(c, {});
}

export function batchSetQuotas(
  c: DataPlaneClient,
  settings: QuotaSetting[],
): Promise<BatchQuotaResult> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/quotas:batchSet"),
    body: { settings },
    // Setting the same values again is the same end state.
    idempotent: true,
    schema: batchQuotaResultSchema,
  });
}
export function batchDeleteQuotas(
  c: DataPlaneClient,
  deletions: QuotaDeletion[],
): Promise<BatchQuotaResult> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/quotas:batchDelete"),
    body: { deletions },
    idempotent: true,
    schema: batchQuotaResultSchema,
  });
}
