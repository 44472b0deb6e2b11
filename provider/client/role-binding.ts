/** A role binding: the record the API sends, and the create body. */
import { z } from "zod";
import { nullableString } from "./schemas";
import type { components as ControlPlane } from "../wire/controlplane-openapi";

export const roleBindingSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  account_id: z.string(),
  scope: z.object({ resource_type: z.string(), resource_id: nullableString }),
});
export type RoleBinding = z.infer<typeof roleBindingSchema>;

export type RoleBindingCreate = ControlPlane["schemas"]["RoleBindingCreate"];
