/**
 * A network: what the API sends back, and what a create sends.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString, stringList } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { Query } from "../../transport/api-client";
import type { ControlPlaneClient } from "../../transport/controlplane";
import type { Operation } from "../../transport/zod-shapes";
import { operationResponse, wrapped } from "../../transport/zod-shapes";

export const networkSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: z.string(),
  cloud_provider: z.string(),
  region: z.string(),
  cidr_block: nullableString,
  cluster_type: z.string(),
  state: z.string(),
  zones: stringList,
});
export type Network = z.infer<typeof networkSchema>;

export type NetworkCreate = ControlPlane["schemas"]["NetworkCreate"];

export function createNetwork(c: ControlPlaneClient, network: NetworkCreate): Promise<Operation> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/networks"),
    body: { network },
    idempotent: false,
    schema: operationResponse,
  });
}
export function getNetwork(c: ControlPlaneClient, id: string): Promise<Network> {
  return c.get(`/v1/networks/${encodeURIComponent(id)}`, wrapped("network", networkSchema));
}
export function listNetworks(c: ControlPlaneClient, query: Query = {}): Promise<Network[]> {
  return c.listAll("/v1/networks", "networks", networkSchema, query);
}
export function deleteNetwork(c: ControlPlaneClient, id: string): Promise<Operation> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/networks/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: operationResponse,
  });
}
