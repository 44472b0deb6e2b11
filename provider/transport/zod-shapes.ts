/**
 * Response shapes, from the vendor OpenAPI (contract/). Objects ignore fields
 * they do not name (the API grows), and are strict about the fields we read. `wrapped` accepts
 * both `{"cluster": {...}}` and the bare object, as the vendor's docs and examples disagree.
 */
import * as z from "zod";

export function wrapped<T extends z.ZodType>(key: string, schema: T) {
  return z.preprocess(
    (v) =>
      v && typeof v === "object" && !Array.isArray(v) && key in v
        ? (v as Record<string, unknown>)[key]
        : v,
    schema,
  );
}

export const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

/** A list the API may send as null or leave out: read as empty. */
export const stringList = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);

export const operationSchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.string(),
  resource_id: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  error: z
    .object({ code: z.union([z.string(), z.number()]).optional(), message: z.string().optional() })
    .nullish(),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationResponse = wrapped("operation", operationSchema);

/** A region of the vendor's catalogue (the API lists no tiers: those are checked at create). */
export const regionSchema = z.object({
  cloud_provider: z.string(),
  name: z.string(),
  zones: stringList,
});
export type Region = z.infer<typeof regionSchema>;

export const serverlessRegionSchema = z.object({ cloud_provider: z.string(), name: z.string() });
export type ServerlessRegion = z.infer<typeof serverlessRegionSchema>;

export const urlHolder = z
  .object({ url: nullableString })
  .nullish()
  .transform((v) => v ?? { url: "" });

/** One permission of the organization's catalogue (organization roles name them). */
export const permissionSchema = z.object({ name: z.string(), description: nullableString });
export type Permission = z.infer<typeof permissionSchema>;

export const orgUserSchema = z.object({
  id: z.string(),
  email: nullableString,
  name: nullableString,
});
export type OrgUser = z.infer<typeof orgUserSchema>;

/** A list page: `items` under `key`, and `next_page_token` (empty on the last page). */
export function pageOf<T extends z.ZodType>(key: string, item: T) {
  return z
    .object({ [key]: z.array(item).nullish(), next_page_token: nullableString })
    .transform((v) => ({
      items: (v[key] ?? []) as z.infer<T>[],
      next: v.next_page_token as string,
    }));
}
