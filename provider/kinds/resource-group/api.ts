/**
 * A resource group as the API sends it.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { wrapped } from "../../transport/zod-shapes";

export const resourceGroupSchema = z.object({ id: z.string(), name: z.string() });
export type ResourceGroup = z.infer<typeof resourceGroupSchema>;

export function createResourceGroup(c: ControlPlaneClient, name: string): Promise<ResourceGroup> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/resource-groups"),
    body: { resource_group: { name } },
    idempotent: false,
    schema: wrapped("resource_group", resourceGroupSchema),
  });
}
export function getResourceGroup(c: ControlPlaneClient, id: string): Promise<ResourceGroup> {
  return c.get(
    `/v1/resource-groups/${encodeURIComponent(id)}`,
    wrapped("resource_group", resourceGroupSchema),
  );
}
export function listResourceGroups(
  c: ControlPlaneClient,
  nameContains?: string,
): Promise<ResourceGroup[]> {
  return c.listAll("/v1/resource-groups", "resource_groups", resourceGroupSchema, {
    "filter.name_contains": nameContains,
  });
}
export function updateResourceGroup(
  c: ControlPlaneClient,
  id: string,
  name: string,
): Promise<ResourceGroup> {
  return c.transport.request({
    method: "PATCH",
    url: c.url(`/v1/resource-groups/${encodeURIComponent(id)}`),
    body: { resource_group: { name } },
    idempotent: true,
    schema: wrapped("resource_group", resourceGroupSchema),
  });
}
export function deleteResourceGroup(c: ControlPlaneClient, id: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/resource-groups/${encodeURIComponent(id)}`),
    idempotent: true,
  });
}
