/**
 * A Redpanda Connect pipeline: the record the API sends, and the create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const pipelineSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: nullableString,
  config_yaml: z.string(),
  state: z.string(),
  resources: z
    .object({ cpu_shares: nullableString, memory_shares: nullableString })
    .nullish()
    .transform((v) => v ?? { cpu_shares: "", memory_shares: "" }),
  status: z.object({ error: nullableString }).nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
  url: nullableString.optional(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export type PipelineCreate = DataPlane["schemas"]["PipelineCreate"];
export type PipelineUpdate = DataPlane["schemas"]["PipelineUpdate"];

const PIPELINES = "/v1/redpanda-connect/pipelines";

export function createPipeline(c: DataPlaneClient, p: PipelineCreate): Promise<Pipeline> {
  return c.transport.request({
    method: "POST",
    url: c.url(PIPELINES),
    body: p,
    idempotent: false,
    schema: wrapped("pipeline", pipelineSchema),
  });
}
export function getPipeline(c: DataPlaneClient, id: string): Promise<Pipeline> {
  return c.transport.request({
    method: "GET",
    url: c.url(`${PIPELINES}/${encodeURIComponent(id)}`),
    idempotent: true,
    schema: wrapped("pipeline", pipelineSchema),
  });
}
export function updatePipeline(
  c: DataPlaneClient,
  id: string,
  p: PipelineUpdate,
): Promise<Pipeline> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`${PIPELINES}/${encodeURIComponent(id)}`),
    body: p,
    idempotent: true,
    schema: wrapped("pipeline", pipelineSchema),
  });
}
/** A partial update: only the fields named in the mask change (snake_case, comma-separated). */
export function updatePipelineMasked(
  c: DataPlaneClient,
  id: string,
  p: PipelineUpdate,
  updateMask: string,
): Promise<Pipeline> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`${PIPELINES}/${encodeURIComponent(id)}`),
    query: { update_mask: updateMask },
    body: p,
    idempotent: true,
    schema: wrapped("pipeline", pipelineSchema),
  });
}
export function startPipeline(c: DataPlaneClient, id: string): Promise<Pipeline> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`${PIPELINES}/${encodeURIComponent(id)}/start`),
    idempotent: true,
    schema: wrapped("pipeline", pipelineSchema),
  });
}
export function stopPipeline(c: DataPlaneClient, id: string): Promise<Pipeline> {
  return c.transport.request({
    method: "PUT",
    url: c.url(`${PIPELINES}/${encodeURIComponent(id)}/stop`),
    idempotent: true,
    schema: wrapped("pipeline", pipelineSchema),
  });
}
export function deletePipeline(c: DataPlaneClient, id: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`${PIPELINES}/${encodeURIComponent(id)}`),
    idempotent: true,
  });
}

/** Every pipeline of the cluster, every page (discovery). */
export function listPipelines(c: DataPlaneClient): Promise<Pipeline[]> {
  return c.listAll(PIPELINES, "pipelines", pipelineSchema);
}
