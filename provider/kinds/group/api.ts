/**
 * An organization group as the API sends it, and its create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { wrapped } from "../../transport/zod-shapes";

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
});
export type Group = z.infer<typeof groupSchema>;

export type GroupCreate = ControlPlane["schemas"]["GroupCreate"];
export type GroupUpdate = ControlPlane["schemas"]["GroupUpdate"];

export function createGroup(c: ControlPlaneClient, group: GroupCreate): Promise<Group> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/groups"),
    body: { group },
    idempotent: false,
    schema: wrapped("group", groupSchema),
  });
}
export function getGroup(c: ControlPlaneClient, id: string): Promise<Group> {
  return c.get(`/v1/groups/${encodeURIComponent(id)}`, wrapped("group", groupSchema));
}
export function listGroups(c: ControlPlaneClient, name?: string): Promise<Group[]> {
  return c.listAll("/v1/groups", "groups", groupSchema, { "filter.name": name });
}
export function updateGroup(c: ControlPlaneClient, id: string, group: GroupUpdate): Promise<Group> {
  return c.patchMasked(`/v1/groups/${encodeURIComponent(id)}`, "group", group, groupSchema);
}
export function deleteGroup(c: ControlPlaneClient, id: string): Promise<void> {
  return c.remove(`/v1/groups/${encodeURIComponent(id)}`);
}
