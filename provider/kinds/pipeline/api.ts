/**
 * A Redpanda Connect pipeline: the record the API sends, and the create and update bodies.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";
import { withRetry } from "../../transport/http";
import { ATTEMPT_BUDGETS } from "../../retry/when";

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

/** One hint of the vendor's linter (LintHint): the line and column it names, and what it says. */
export const lintHintSchema = z.object({
  line: z.number().int().nullish(),
  column: z.number().int().nullish(),
  hint: nullableString,
  lint_type: nullableString,
});
export type LintHint = z.infer<typeof lintHintSchema>;

const lintAnswer = z
  .object({ lint_hints: z.array(lintHintSchema).nullish() })
  .transform((r) => r.lint_hints ?? []);

/**
 * The cluster's Redpanda Connect lint of a configuration (`LintPipelineConfig`): its hints, none
 * when it passes. A POST that changes nothing (it makes, updates and starts nothing: the answer is
 * the hints), so it is safe at preview and safe to send again. It goes through the engine's change
 * guard as every request but a GET does (runtime/orphan.ts: it only checks that the engine still
 * listens, which it does at preview); the read-only clients of discovery would refuse it, and
 * discovery never lints. One send ({@link ATTEMPT_BUDGETS} `lint`): the lint is advice, so a
 * failure is the caller's warning, not a wait.
 */
export function lintPipelineConfig(c: DataPlaneClient, configYaml: string): Promise<LintHint[]> {
  const body: DataPlane["schemas"]["LintPipelineConfigRequest"] = { config_yaml: configYaml };
  return withRetry(
    (attempt) =>
      c.within(attempt).transport.request({
        method: "POST",
        url: c.url(`${PIPELINES}:lint-config`),
        body,
        idempotent: true,
        schema: lintAnswer,
      }),
    {
      ...c.budget,
      policy: { ...c.budget.policy, maxAttempts: ATTEMPT_BUDGETS.lint.maxAttempts },
      idempotent: true,
    },
  );
}

/** Every pipeline of the cluster, every page (discovery). */
export function listPipelines(c: DataPlaneClient): Promise<Pipeline[]> {
  return c.listAll(PIPELINES, "pipelines", pipelineSchema);
}
