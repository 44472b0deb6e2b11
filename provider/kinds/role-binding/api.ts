/**
 * A role binding: the record the API sends, and the create body.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { wrapped } from "../../transport/zod-shapes";

export const roleBindingSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  account_id: z.string(),
  scope: z.object({ resource_type: z.string(), resource_id: nullableString }),
});
export type RoleBinding = z.infer<typeof roleBindingSchema>;

export type RoleBindingCreate = ControlPlane["schemas"]["RoleBindingCreate"];

export function createRoleBinding(
  c: ControlPlaneClient,
  binding: RoleBindingCreate,
): Promise<RoleBinding> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/role-bindings"),
    body: { role_binding: binding },
    idempotent: false,
    schema: wrapped("role_binding", roleBindingSchema),
  });
}
export function getRoleBinding(c: ControlPlaneClient, id: string): Promise<RoleBinding> {
  return c.get(
    `/v1/role-bindings/${encodeURIComponent(id)}`,
    wrapped("role_binding", roleBindingSchema),
  );
}
export function listRoleBindings(
  c: ControlPlaneClient,
  filter: {
    roleName?: string;
    scopeResourceType?: string;
    scopeResourceId?: string;
    accountIds?: string[];
  } = {},
): Promise<RoleBinding[]> {
  return c.listAll("/v1/role-bindings", "role_bindings", roleBindingSchema, {
    "filter.role_name": filter.roleName,
    "filter.scope.resource_type": filter.scopeResourceType,
    "filter.scope.resource_id": filter.scopeResourceId,
    "filter.account_ids": filter.accountIds,
  });
}
export function deleteRoleBinding(c: ControlPlaneClient, id: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/role-bindings/${encodeURIComponent(id)}`),
    idempotent: true,
  });
}
