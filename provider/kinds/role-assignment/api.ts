/**
 * A role's members and a membership change, as the data-plane API sends them.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { DataPlaneClient } from "../../transport/dataplane";

export const roleMemberSchema = z.object({ principal: nullableString });
export type RoleMember = z.infer<typeof roleMemberSchema>;

export const roleMembershipChangeSchema = z.object({
  added: z
    .array(roleMemberSchema)
    .nullish()
    .transform((v) => v ?? []),
  removed: z
    .array(roleMemberSchema)
    .nullish()
    .transform((v) => v ?? []),
});

/** Adds and removes members; says which were actually added and removed. */
export function changeRoleMembers(
  c: DataPlaneClient,
  name: string,
  change: { add?: string[]; remove?: string[] },
): Promise<{ added: RoleMember[]; removed: RoleMember[] }> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`/v1/roles/${encodeURIComponent(name)}`),
    body: {
      add: (change.add ?? []).map((principal) => ({ principal })),
      remove: (change.remove ?? []).map((principal) => ({ principal })),
    },
    idempotent: true,
    schema: roleMembershipChangeSchema,
  });
}

/** A role's members, every page (discovery). */
export function listRoleMembers(c: DataPlaneClient, role: string): Promise<RoleMember[]> {
  return c.listAll(`/v1/roles/${encodeURIComponent(role)}/members`, "members", roleMemberSchema);
}
