/** A role binding: the record the API sends, and the create body. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

export const roleBindingSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  account_id: z.string(),
  scope: z.object({ resource_type: z.string(), resource_id: nullableString }),
});
export type RoleBinding = z.infer<typeof roleBindingSchema>;

export type RoleBindingCreate = ControlPlane["schemas"]["RoleBindingCreate"];
