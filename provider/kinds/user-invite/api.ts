/** An invitation to the organization as the API sends it, and its create and update bodies. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

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
