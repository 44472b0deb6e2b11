/**
 * A data-plane secret as the API sends it (never its data), and the create body.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const secretSchema = z.object({
  id: z.string(),
  scopes: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  labels: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
});
export type Secret = z.infer<typeof secretSchema>;

export type SecretCreate = DataPlane["schemas"]["CreateSecretRequest"];
export type SecretUpdate = DataPlane["schemas"]["UpdateSecretBody"];

export function createSecret(c: DataPlaneClient, secret: SecretCreate): Promise<Secret> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/secrets"),
    body: secret,
    idempotent: false,
    schema: wrapped("secret", secretSchema),
  });
}
export function getSecret(c: DataPlaneClient, id: string): Promise<Secret> {
  return c.transport.request({
    method: "GET",
    url: c.url(`/v1/secrets/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: wrapped("secret", secretSchema),
  });
}
export function updateSecret(
  c: DataPlaneClient,
  id: string,
  update: SecretUpdate,
): Promise<Secret> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`/v1/secrets/${encodeURIComponent(id)}`),
    body: update,
    idempotent: true,
    schema: wrapped("secret", secretSchema),
  });
}
export function deleteSecret(c: DataPlaneClient, id: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/secrets/${encodeURIComponent(id)}`),
    idempotent: true,
  });
}

/** Every secret of the cluster (never its value), every page (discovery). */
export function listSecrets(c: DataPlaneClient): Promise<Secret[]> {
  return c.listAll("/v1/secrets", "secrets", secretSchema);
}
