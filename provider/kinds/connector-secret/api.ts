/**
 * A Kafka Connect secret as the API sends it (never its data).
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { DataPlaneClient } from "../../transport/dataplane";
import { kafkaConnectPath } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const connectSecretSchema = z.object({
  id: z.string(),
  labels: z.record(z.string(), z.string()).nullish(),
});
export type ConnectSecret = z.infer<typeof connectSecretSchema>;

export function encodeSecretData(data: Record<string, string>): string {
  return Buffer.from(JSON.stringify(data), "utf8").toString("base64");
}

export function createConnectSecret(
  c: DataPlaneClient,
  cluster: string,
  name: string,
  data: Record<string, string>,
  labels?: Record<string, string>,
): Promise<ConnectSecret> {
  return c.transport.request({
    method: "POST",
    url: c.url(`${kafkaConnectPath(cluster)}/secrets`),
    body: { name, secret_data: encodeSecretData(data), ...(labels ? { labels } : {}) },
    idempotent: false,
    schema: wrapped("secret", connectSecretSchema),
  });
}
export function getConnectSecret(
  c: DataPlaneClient,
  cluster: string,
  id: string,
): Promise<ConnectSecret> {
  return c.transport.request({
    method: "GET",
    url: c.url(`${kafkaConnectPath(cluster)}/secrets/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: wrapped("secret", connectSecretSchema),
  });
}
/** Labels left out are left as they are. */
export function updateConnectSecret(
  c: DataPlaneClient,
  cluster: string,
  id: string,
  data: Record<string, string>,
  labels?: Record<string, string>,
): Promise<ConnectSecret> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`${kafkaConnectPath(cluster)}/secrets/${encodeURIComponent(id)}`),
    body: { secret_data: encodeSecretData(data), ...(labels ? { labels } : {}) },
    idempotent: true,
    schema: wrapped("secret", connectSecretSchema),
  });
}
export function deleteConnectSecret(
  c: DataPlaneClient,
  cluster: string,
  id: string,
): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`${kafkaConnectPath(cluster)}/secrets/${encodeURIComponent(id)}`),
    idempotent: true,
  });
}

/** A Kafka Connect cluster's secrets (never their data), every page (discovery). */
export function listConnectSecrets(c: DataPlaneClient, cluster: string): Promise<ConnectSecret[]> {
  return c.listAll(`${kafkaConnectPath(cluster)}/secrets`, "secrets", connectSecretSchema);
}
