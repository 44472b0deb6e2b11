/**
 * An organization role (control plane `/v1/roles`) and a permission, as the API sends them.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { wrapped } from "../../transport/zod-shapes";

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

export type OrganizationRoleCreate = ControlPlane["schemas"]["RoleCreate"];
export type OrganizationRoleUpdate = ControlPlane["schemas"]["RoleUpdate"];

export function createOrganizationRole(
  c: ControlPlaneClient,
  role: OrganizationRoleCreate,
): Promise<OrganizationRole> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/roles"),
    body: { role },
    idempotent: false,
    schema: wrapped("role", organizationRoleSchema),
  });
}
export function getOrganizationRole(c: ControlPlaneClient, id: string): Promise<OrganizationRole> {
  return c.get(`/v1/roles/${encodeURIComponent(id)}`, wrapped("role", organizationRoleSchema));
}
export function listOrganizationRoles(
  c: ControlPlaneClient,
  name?: string,
): Promise<OrganizationRole[]> {
  return c.listAll("/v1/roles", "roles", organizationRoleSchema, { "filter.name": name });
}
export function updateOrganizationRole(
  c: ControlPlaneClient,
  id: string,
  role: OrganizationRoleUpdate,
): Promise<OrganizationRole> {
  return c.patchMasked(`/v1/roles/${encodeURIComponent(id)}`, "role", role, organizationRoleSchema);
}
export function deleteOrganizationRole(c: ControlPlaneClient, id: string): Promise<void> {
  return c.remove(`/v1/roles/${encodeURIComponent(id)}`);
}
