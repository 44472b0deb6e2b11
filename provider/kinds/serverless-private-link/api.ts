/**
 * A Serverless private link: the record the API sends, and the create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString, stringList } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../wire/controlplane-openapi";
import type { Query } from "../../transport/api-client";
import type { ControlPlaneClient } from "../../transport/controlplane";
import type { Operation } from "../../transport/zod-shapes";
import { operationResponse, wrapped } from "../../transport/zod-shapes";

export const serverlessPrivateLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: nullableString,
  cloudprovider: nullableString,
  serverless_region: nullableString,
  state: z.string(),
  aws_config: z.object({ allowed_principals: stringList }).nullish(),
  status: z
    .object({
      aws: z
        .object({ vpc_endpoint_service_name: nullableString, availability_zones: stringList })
        .nullish(),
    })
    .nullish(),
});
export type ServerlessPrivateLink = z.infer<typeof serverlessPrivateLinkSchema>;

export type ServerlessPrivateLinkCreate = ControlPlane["schemas"]["ServerlessPrivateLinkCreate"];
export type ServerlessPrivateLinkUpdate =
  ControlPlane["schemas"]["UpdateServerlessPrivateLinkBody"];

export function createServerlessPrivateLink(
  c: ControlPlaneClient,
  link: ServerlessPrivateLinkCreate,
): Promise<Operation> {
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/serverless/private-links"),
    body: { serverless_private_link: link },
    idempotent: false,
    schema: operationResponse,
  });
}
export function getServerlessPrivateLink(
  c: ControlPlaneClient,
  id: string,
): Promise<ServerlessPrivateLink> {
  return c.get(
    `/v1/serverless/private-links/${encodeURIComponent(id)}`,
    wrapped("serverless_private_link", serverlessPrivateLinkSchema),
  );
}
export function listServerlessPrivateLinks(
  c: ControlPlaneClient,
  query: Query = {},
): Promise<ServerlessPrivateLink[]> {
  return c.listAll(
    "/v1/serverless/private-links",
    "serverless_private_links",
    serverlessPrivateLinkSchema,
    query,
  );
}
export function updateServerlessPrivateLink(
  c: ControlPlaneClient,
  id: string,
  update: ServerlessPrivateLinkUpdate,
): Promise<Operation> {
  return c.transport.request({
    method: "PATCH",
    url: c.url(`/v1/serverless/private-links/${encodeURIComponent(id)}`),
    body: update,
    idempotent: true,
    schema: operationResponse,
  });
}
export function deleteServerlessPrivateLink(c: ControlPlaneClient, id: string): Promise<Operation> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/serverless/private-links/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: operationResponse,
  });
}
