/**
 * A shadow link as the API sends it (credentials never included), read loosely.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { Query } from "../../transport/api-client";
import type { ControlPlaneClient } from "../../transport/controlplane";
import type { DataPlaneClient } from "../../transport/dataplane";
import type { Operation } from "../../transport/zod-shapes";
import { operationResponse, wrapped } from "../../transport/zod-shapes";

export const shadowLinkSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  state: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  shadow_redpanda_id: z.string().nullish(),
  reason: z.string().nullish(),
});
export type ShadowLink = z.infer<typeof shadowLinkSchema>;

const failoverSchema = z.object({
  failed_over_topics: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
});

export function createShadowLink(
  c: ControlPlaneClient,
  link: Record<string, unknown>,
): Promise<Operation> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/shadow-links"),
    body: { shadow_link: link },
    idempotent: false,
    schema: operationResponse,
  });
}
export function getShadowLink(c: ControlPlaneClient, id: string): Promise<ShadowLink> {
  return c.get(
    `/v1/shadow-links/${encodeURIComponent(id)}`,
    wrapped("shadow_link", shadowLinkSchema),
  );
}
export function listShadowLinks(c: ControlPlaneClient, query: Query = {}): Promise<ShadowLink[]> {
  return c.listAll("/v1/shadow-links", "shadow_links", shadowLinkSchema, query);
}
/** The body holds the option groups that change (the body is the field mask). */
export function updateShadowLink(
  c: ControlPlaneClient,
  id: string,
  update: Record<string, unknown>,
): Promise<Operation> {
  return c.transport.request({
    method: "PATCH",
    url: c.url(`/v1/shadow-links/${encodeURIComponent(id)}`),
    body: update,
    idempotent: true,
    schema: operationResponse,
  });
}
export function deleteShadowLink(c: ControlPlaneClient, id: string): Promise<Operation> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/shadow-links/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: operationResponse,
  });
}
/** Fails over a shadow link (every shadow topic) or one of its topics, on the shadow cluster. */
export function failoverShadowLink(
  c: DataPlaneClient,
  name: string,
  topic?: string,
): Promise<{ failed_over_topics: string[] }> {
  return c.transport.request({
    method: "POST",
    url: c.url(`/v1/shadow-links/${encodeURIComponent(name)}/failover`),
    body: topic === undefined ? {} : { shadow_topic_name: topic },
    // Failing over twice leaves the topics failed over: safe to retry.
    idempotent: true,
    schema: failoverSchema,
  });
}
