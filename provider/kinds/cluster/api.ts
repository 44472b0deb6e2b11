/**
 * A Dedicated or BYOC cluster: the record the API sends, and the create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString, stringList, urlHolder } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { Query } from "../../transport/api-client";
import type { ControlPlaneClient } from "../../transport/controlplane";
import type { Operation } from "../../transport/zod-shapes";
import { operationResponse, wrapped } from "../../transport/zod-shapes";

/** A nested object of the record, read loosely: the kinds pick what they declare from it. */
const wireObject = z.record(z.string(), z.unknown()).nullish();
/** A private link's spec with its `status`, which the API fills in once the link exists. */
const withStatus = z.looseObject({ status: z.unknown().optional() }).nullish();

// Loose: fields this schema does not name are kept, so a read can report every updatable input
// as the API has it (./kind.ts picks them by the contract's ClusterCreate).
export const clusterSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  state: z.string(),
  resource_group_id: z.string(),
  network_id: nullableString,
  cloud_provider: z.string(),
  region: z.string(),
  zones: stringList,
  throughput_tier: z.string(),
  connection_type: nullableString,
  current_redpanda_version: nullableString,
  dataplane_api: urlHolder,
  kafka_api: z
    .looseObject({ seed_brokers: z.array(z.string()).nullish() })
    .nullish()
    .transform((v) => ({ ...v, seed_brokers: v?.seed_brokers ?? [] })),
  state_description: z
    .object({ code: z.unknown().optional(), message: z.string().optional() })
    .nullish(),
  desired_redpanda_version: z.string().nullish(),
  schema_registry: z.looseObject({ url: z.string().nullish() }).nullish(),
  http_proxy: z.looseObject({ url: z.string().nullish() }).nullish(),
  redpanda_console: z.object({ url: z.string().nullish() }).nullish(),
  prometheus: z.object({ url: z.string().nullish() }).nullish(),
  nat_gateways: z.array(z.string()).nullish(),
  kafka_connect: z.object({ enabled: z.boolean().nullish() }).nullish(),
  aws_private_link: withStatus,
  azure_private_link: withStatus,
  gcp_private_service_connect: withStatus,
  cluster_configuration: wireObject,
});
export type Cluster = z.infer<typeof clusterSchema>;

export type ClusterCreate = ControlPlane["schemas"]["ClusterCreate"];
/** The id travels in the path; the body holds only the changed fields. */
export type ClusterUpdate = Omit<ControlPlane["schemas"]["ClusterUpdate"], "id">;

export function createCluster(c: ControlPlaneClient, cluster: ClusterCreate): Promise<Operation> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/clusters"),
    body: { cluster },
    idempotent: false,
    schema: operationResponse,
  });
}
export function getCluster(c: ControlPlaneClient, id: string): Promise<Cluster> {
  return c.get(`/v1/clusters/${encodeURIComponent(id)}`, wrapped("cluster", clusterSchema));
}
export function listClusters(c: ControlPlaneClient, query: Query = {}): Promise<Cluster[]> {
  return c.listAll("/v1/clusters", "clusters", clusterSchema, query);
}
/** Sends only the changed, updatable fields (a bare ClusterUpdate body). */
export function updateCluster(
  c: ControlPlaneClient,
  id: string,
  fields: ClusterUpdate,
): Promise<Operation> {
  return c.transport.request({
    method: "PATCH",
    url: c.url(`/v1/clusters/${encodeURIComponent(id)}`),
    body: fields,
    idempotent: true,
    schema: operationResponse,
  });
}
export function deleteCluster(c: ControlPlaneClient, id: string): Promise<Operation> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/clusters/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: operationResponse,
  });
}
