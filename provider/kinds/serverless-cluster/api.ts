/**
 * A serverless cluster: the record the API sends, and the create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { Query } from "../../transport/api-client";
import type { ControlPlaneClient } from "../../transport/controlplane";
import type { Operation } from "../../transport/zod-shapes";
import { operationResponse, wrapped } from "../../transport/zod-shapes";

export const serverlessClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: z.string(),
  serverless_region: z.string(),
  state: z.string(),
  tags: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
  dataplane_api: z
    .object({ url: z.string().nullish(), private_url: z.string().nullish() })
    .nullish()
    .transform((v) => ({ url: v?.url ?? "", private_url: v?.private_url ?? "" })),
  kafka_api: z
    .object({
      seed_brokers: z.array(z.string()).nullish(),
      private_seed_brokers: z.array(z.string()).nullish(),
    })
    .nullish(),
  schema_registry: z.object({ url: z.string().nullish() }).nullish(),
  console_url: z.string().nullish(),
  networking_config: z.record(z.string(), z.unknown()).nullish(),
  private_link_id: z.string().nullish(),
});
export type ServerlessCluster = z.infer<typeof serverlessClusterSchema>;

export type ServerlessClusterCreate = ControlPlane["schemas"]["ServerlessClusterCreate"];
/** The id travels in the path; the body holds only the changed fields. */
export type ServerlessClusterUpdate = Omit<
  ControlPlane["schemas"]["ServerlessClusterUpdate"],
  "id"
>;

export function createServerlessCluster(
  c: ControlPlaneClient,
  cluster: ServerlessClusterCreate,
): Promise<Operation> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/serverless/clusters"),
    body: { serverless_cluster: cluster },
    idempotent: false,
    schema: operationResponse,
  });
}
export function getServerlessCluster(
  c: ControlPlaneClient,
  id: string,
): Promise<ServerlessCluster> {
  return c.get(
    `/v1/serverless/clusters/${encodeURIComponent(id)}`,
    wrapped("serverless_cluster", serverlessClusterSchema),
  );
}
export function listServerlessClusters(
  c: ControlPlaneClient,
  query: Query = {},
): Promise<ServerlessCluster[]> {
  return c.listAll(
    "/v1/serverless/clusters",
    "serverless_clusters",
    serverlessClusterSchema,
    query,
  );
}
export function updateServerlessCluster(
  c: ControlPlaneClient,
  id: string,
  fields: ServerlessClusterUpdate,
): Promise<Operation> {
  return c.transport.request({
    method: "PATCH",
    url: c.url(`/v1/serverless/clusters/${encodeURIComponent(id)}`),
    body: fields,
    idempotent: true,
    schema: operationResponse,
  });
}
export function deleteServerlessCluster(c: ControlPlaneClient, id: string): Promise<Operation> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/serverless/clusters/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: operationResponse,
  });
}
