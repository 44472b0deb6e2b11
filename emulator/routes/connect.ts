/**
 * What the vendor's data plane says of Redpanda Connect configurations, without a pipeline:
 * `POST /v1/redpanda-connect/pipelines:lint-config` (connect-lint.ts),
 * `GET /v1/redpanda-connect/components` and `GET /v1/redpanda-connect/config-schema`
 * (connect-config.ts), all from contract/connect-components.json. Like pipelines, on every cluster
 * kind (see requireKind in ../dataplane.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { components, configSchema } from "../connect-config";
import { lintPipelineConfig } from "../connect-lint";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { Checker, asObject } from "../validate";
import { PIPELINE_SEGMENTS } from "../dataplane";

type Params = { clusterId: string };

export function registerConnectConfig(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const seg of PIPELINE_SEGMENTS) {
    app.post<{ Params: Params }>(`/v1/${seg}/pipelines::lint-config`, (req) =>
      lintConfig(ctx, req),
    );
    app.get<{ Params: Params }>(`/v1/${seg}/components`, (req) => listComponents(ctx, req));
    app.get<{ Params: Params }>(`/v1/${seg}/config-schema`, (req) => getConfigSchema(ctx, req));
  }
}

/**
 * LintPipelineConfigRequest's one rule: `config_yaml` is required (redpanda-data/console
 * proto/redpanda/api/dataplane/v1/pipeline.proto@12ba56d, buf.validate required); the hints
 * are the answer, whatever they say (200).
 */
async function lintConfig(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  dataplaneFor(ctx, req.params.clusterId);
  const body = asObject(req.body);
  const check = new Checker();
  const yaml = check.str(body, "config_yaml", { required: true });
  check.done();
  return { lint_hints: lintPipelineConfig(yaml ?? "") };
}

/** The components Cloud runs; `read_mask` keeps the ComponentList fields it names. */
async function listComponents(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  dataplaneFor(ctx, req.params.clusterId);
  const all = components();
  const mask = (req.query as Record<string, unknown>).read_mask;
  if (typeof mask !== "string" || mask.trim() === "") return { components: all };
  const keep = new Set(mask.split(",").map((p) => p.trim()));
  return {
    components: Object.fromEntries(Object.entries(all).filter(([k]) => keep.has(k))),
  };
}

async function getConfigSchema(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  dataplaneFor(ctx, req.params.clusterId);
  return { config_schema: configSchema() };
}
