/**
 * A service account as the API sends it (the client secret only at creation).
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { wrapped } from "../../transport/zod-shapes";

export const serviceAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  auth0_client_credentials: z
    .object({ client_id: nullableString, client_secret: z.string().nullish() })
    .nullish(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export function createServiceAccount(
  c: ControlPlaneClient,
  name: string,
  description: string,
  roleBindings?: { role_name: string; scope: { resource_type: string; resource_id: string } }[],
): Promise<ServiceAccount> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/service-accounts"),
    body: {
      service_account: {
        name,
        description,
        ...(roleBindings ? { role_bindings: roleBindings } : {}),
      },
    },
    idempotent: false,
    schema: wrapped("service_account", serviceAccountSchema),
  });
}
/** Every service account of the organization, every page (discovery). */
export function listServiceAccounts(c: ControlPlaneClient): Promise<ServiceAccount[]> {
  return c.listAll("/v1/service-accounts", "service_accounts", serviceAccountSchema);
}
export function getServiceAccount(c: ControlPlaneClient, id: string): Promise<ServiceAccount> {
  return c.get(
    `/v1/service-accounts/${encodeURIComponent(id)}`,
    wrapped("service_account", serviceAccountSchema),
  );
}
export function updateServiceAccount(
  c: ControlPlaneClient,
  id: string,
  name: string,
  description: string,
): Promise<ServiceAccount> {
  return c.transport.request({
    method: "PATCH",
    url: c.url(`/v1/service-accounts/${encodeURIComponent(id)}`),
    body: { service_account: { name, description }, update_mask: "name,description" },
    idempotent: true,
    schema: wrapped("service_account", serviceAccountSchema),
  });
}
export function getServiceAccountCredentials(
  c: ControlPlaneClient,
  id: string,
): Promise<{ client_id: string; client_secret: string }> {
  return c.get(
    `/v1/service-accounts/${encodeURIComponent(id)}/credentials`,
    wrapped("credentials", z.object({ client_id: z.string(), client_secret: z.string() })),
  );
}
/** A new client secret; the old one stops working. The answer carries the new secret once. */
export function rotateServiceAccountSecret(
  c: ControlPlaneClient,
  id: string,
): Promise<ServiceAccount> {
  return c.transport.request({
    method: "GET",
    url: c.url(`/v1/service-accounts/${encodeURIComponent(id)}/rotate-secret`),
    // Not idempotent: a repeat after a lost answer would rotate again and lose the secret sent.
    idempotent: false,
    schema: wrapped("service_account", serviceAccountSchema),
  });
}
export function deleteServiceAccount(c: ControlPlaneClient, id: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/service-accounts/${encodeURIComponent(id)}`),
    idempotent: true,
  });
}
