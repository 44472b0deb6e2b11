/** An organization role (control plane `/v1/roles`) and a permission, as the API sends them. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

export const organizationRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  permissions: z
    .array(z.string())
    .nullish()
    .transform((p) => p ?? []),
  is_builtin: z.boolean().nullish(),
});
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

export const permissionSchema = z.object({ name: z.string(), description: nullableString });
export type Permission = z.infer<typeof permissionSchema>;

export type OrganizationRoleCreate = ControlPlane["schemas"]["RoleCreate"];
export type OrganizationRoleUpdate = ControlPlane["schemas"]["RoleUpdate"];
