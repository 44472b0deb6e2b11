/**
 * An invitation to the organization as the API sends it, and its create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { wrapped } from "../../transport/zod-shapes";

export const userInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  invite_url: nullableString,
  expires_at: nullableString,
  role_bindings: z
    .array(
      z.object({
        role_name: z.string(),
        scope: z.object({ resource_type: nullableString, resource_id: nullableString }).nullish(),
      }),
    )
    .nullish()
    .transform((b) => b ?? []),
});
export type UserInvite = z.infer<typeof userInviteSchema>;

export type UserInviteCreate = ControlPlane["schemas"]["UserInviteCreate"];
export type UserInviteUpdate = ControlPlane["schemas"]["UserInviteUpdate"];

export function createUserInvite(
  c: ControlPlaneClient,
  invite: UserInviteCreate,
): Promise<UserInvite> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/user-invites"),
    body: { user_invite: invite },
    idempotent: false,
    schema: wrapped("user_invite", userInviteSchema),
  });
}
export function getUserInvite(c: ControlPlaneClient, id: string): Promise<UserInvite> {
  return c.get(
    `/v1/user-invites/${encodeURIComponent(id)}`,
    wrapped("user_invite", userInviteSchema),
  );
}
export function listUserInvites(c: ControlPlaneClient): Promise<UserInvite[]> {
  return c.listAll("/v1/user-invites", "user_invites", userInviteSchema, {});
}
export function updateUserInvite(
  c: ControlPlaneClient,
  id: string,
  invite: UserInviteUpdate,
): Promise<UserInvite> {
  return c.patchMasked(
    `/v1/user-invites/${encodeURIComponent(id)}`,
    "user_invite",
    invite,
    userInviteSchema,
  );
}
export function deleteUserInvite(c: ControlPlaneClient, id: string): Promise<void> {
  return c.remove(`/v1/user-invites/${encodeURIComponent(id)}`);
}
