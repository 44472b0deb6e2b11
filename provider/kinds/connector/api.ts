/**
 * A Kafka Connect connector as the API sends it.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { DataPlaneClient } from "../../transport/dataplane";
import { kafkaConnectPath } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const connectorSchema = z.object({
  name: z.string(),
  config: z.record(z.string(), z.string()),
  type: nullableString,
});
export type Connector = z.infer<typeof connectorSchema>;

export function createConnector(
  c: DataPlaneClient,
  cluster: string,
  name: string,
  config: Record<string, string>,
): Promise<Connector> {
  return c.transport.request({
    method: "POST",
    url: c.url(`${kafkaConnectPath(cluster)}/connectors`),
    body: { name, config },
    idempotent: false,
    schema: wrapped("connector", connectorSchema),
  });
}
export function getConnector(
  c: DataPlaneClient,
  cluster: string,
  name: string,
): Promise<Connector> {
  return c.transport.request({
    method: "GET",
    url: c.url(`${kafkaConnectPath(cluster)}/connectors/${encodeURIComponent(name)}`),
    idempotent: true,
    schema: wrapped("connector", connectorSchema),
  });
}
export function putConnectorConfig(
  c: DataPlaneClient,
  cluster: string,
  name: string,
  config: Record<string, string>,
): Promise<Connector> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`${kafkaConnectPath(cluster)}/connectors/${encodeURIComponent(name)}/config`),
    body: config,
    idempotent: true,
    schema: wrapped("connector", connectorSchema),
  });
}
export function restartConnector(
  c: DataPlaneClient,
  cluster: string,
  name: string,
  options: { includeTasks: boolean; onlyFailed: boolean },
): Promise<void> {
  return c.transport.request({
    method: "POST",
    url: c.url(`${kafkaConnectPath(cluster)}/connectors/${encodeURIComponent(name)}/restart`),
    body: { include_tasks: options.includeTasks, only_failed: options.onlyFailed },
    idempotent: true,
  });
}
export function deleteConnector(c: DataPlaneClient, cluster: string, name: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`${kafkaConnectPath(cluster)}/connectors/${encodeURIComponent(name)}`),
    idempotent: true,
  });
}

/** The names of the cluster's Kafka Connect clusters (not paged: the contract has no pages here). */
export async function listConnectClusters(c: DataPlaneClient): Promise<string[]> {
  const res = await c.get(
    "/v1/kafka-connect/clusters",
    z.object({ clusters: z.array(z.object({ name: z.string() })).nullish() }),
  );
  return (res.clusters ?? []).map((k) => k.name);
}

/** The names of a Kafka Connect cluster's connectors, every page (discovery). */
export async function listConnectors(c: DataPlaneClient, cluster: string): Promise<string[]> {
  const all = await c.listAll(
    `${kafkaConnectPath(cluster)}/connectors`,
    "connectors",
    z.object({ name: z.string() }),
  );
  return all.map((k) => k.name);
}
