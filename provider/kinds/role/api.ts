/**
 * A Redpanda role as the data-plane API sends it (its members: role-assignment.ts).
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { RoleMember } from "../role-assignment/api";
import { roleMemberSchema } from "../role-assignment/api";
import type { DataPlaneClient } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const roleSchema = z.object({ name: z.string() });
export type Role = z.infer<typeof roleSchema>;

export function createRole(c: DataPlaneClient, name: string): Promise<Role> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/roles"),
    body: { name },
    idempotent: false,
    schema: wrapped("role", roleSchema),
  });
}
/** The role and its members, or NOT_FOUND. */
export async function getRole(
  c: DataPlaneClient,
  name: string,
): Promise<{ role: Role; members: RoleMember[] }> {
  return c.transport.request({
    method: "GET",
    url: c.url(`/v1/roles/${encodeURIComponent(name)}`),
    idempotent: true,
    schema: z.object({
      role: roleSchema,
      members: z
        .array(roleMemberSchema)
        .nullish()
        .transform((v) => v ?? []),
    }),
  });
}
export function deleteRole(c: DataPlaneClient, name: string, deleteAcls: boolean): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/roles/${encodeURIComponent(name)}`),
    query: { delete_acls: deleteAcls },
    idempotent: true,
  });
}

/** Every role of the cluster, every page (discovery). */
export function listRoles(c: DataPlaneClient): Promise<Role[]> {
  return c.listAll("/v1/roles", "roles", roleSchema);
}
