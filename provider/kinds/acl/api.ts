/**
 * An ACL: the flat tuple, the grouped list the API sends, and the create body.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";

export const aclSchema = z.object({
  resource_type: z.string(),
  resource_name: nullableString,
  resource_pattern_type: z.string(),
  principal: z.string(),
  host: z.string(),
  operation: z.string(),
  permission_type: z.string(),
});
export type Acl = z.infer<typeof aclSchema>;

export const aclListSchema = z.object({
  resources: z
    .array(
      z.object({
        resource_type: z.string(),
        resource_name: nullableString,
        resource_pattern_type: z.string(),
        acls: z.array(
          z.object({
            principal: z.string(),
            host: z.string(),
            operation: z.string(),
            permission_type: z.string(),
          }),
        ),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

export type AclCreate = DataPlane["schemas"]["CreateACLRequest"];

/** A refresh's reads of many ACLs share one list (ListCache in transport/dataplane.ts). */
const aclList = (c: DataPlaneClient) => c.listCache("acls", (alone) => listAcls(alone, {}));

export async function listAcls(c: DataPlaneClient, filter: Partial<Acl>): Promise<Acl[]> {
  const res = await c.transport.request({
    method: "GET",
    url: c.url("/v1/acls"),
    query: Object.fromEntries(Object.entries(filter).map(([k, v]) => [`filter.${k}`, v])),
    idempotent: true,
    schema: aclListSchema,
  });
  return res.resources.flatMap((r) =>
    r.acls.map((a) => ({
      resource_type: r.resource_type,
      resource_name: r.resource_name,
      resource_pattern_type: r.resource_pattern_type,
      ...a,
    })),
  );
}
/** For a refresh's read: every ACL of the cluster, from the shared list. */
export function readAcls(c: DataPlaneClient): Promise<Acl[]> {
  return aclList(c).get();
}
export function createAcl(c: DataPlaneClient, acl: AclCreate): Promise<void> {
  aclList(c).invalidate();
  // Kafka's CreateAcls is idempotent for an identical binding, so a re-send is safe.
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/acls"),
    body: acl,
    idempotent: true,
  });
}
/** Deletes by a filter of all seven fields, so it can match this ACL only. */
export async function deleteAcl(c: DataPlaneClient, acl: Acl): Promise<number> {
  aclList(c).invalidate();
  const res = await c.transport.request({
    method: "DELETE",
    url: c.url("/v1/acls"),
    query: Object.fromEntries(Object.entries(acl).map(([k, v]) => [`filter.${k}`, v])),
    idempotent: true,
    schema: z.object({ matching_acls: z.array(z.unknown()).nullish() }),
  });
  return res.matching_acls?.length ?? 0;
}
