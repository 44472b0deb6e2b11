import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { PIPELINE_SEGMENTS, dataplaneFor } from "../dataplane";
import { ApiError, notFound } from "../errors";
import { paginate } from "../paging";
import type { DpPipeline } from "../domain/records";
import { xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";

type Params = { clusterId: string };
type ById = { Params: Params & { id: string } };
/** Kubernetes quantities: CPU as cores or millicores, memory with a binary or decimal suffix. */
const CPU = /^(\d+(\.\d+)?|\d+m)$/;
const MEMORY = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|K|M|G|T)?$/;

/**
 * The service account as the API shows it: the client id only (the secret is write-only), and
 * nothing while the pipeline runs — the vendor's GetPipeline omits it then (noted in
 * terraform-provider-redpanda's redpanda/resources/pipeline/resource_pipeline.go, Read).
 */
function accountView(p: DpPipeline): Json {
  if (!p.service_account || p.state === "STATE_RUNNING" || p.state === "STATE_STARTING") return {};
  return { service_account: { client_id: p.service_account.client_id } };
}

function view(p: DpPipeline, ctx: EmulatorContext, clusterId: string): Json {
  return {
    id: p.id,
    display_name: p.display_name,
    description: p.description,
    config_yaml: p.config_yaml,
    resources: p.resources,
    tags: p.tags,
    ...accountView(p),
    state: p.state,
    status: { error: "" },
    url: `${ctx.baseUrl()}/pipelines/${clusterId}/${p.id}`,
  };
}

function account(body: Json): Pick<DpPipeline, "service_account"> {
  if (body.service_account === undefined || body.service_account === null) return {};
  const sa = asObject(body.service_account);
  return {
    service_account: { client_id: String(sa.client_id), client_secret: String(sa.client_secret) },
  };
}

function checkPipeline(body: Json, partial: Set<string> | undefined): Checker {
  const check = new Checker("pipeline");
  const want = (f: string) => !partial || partial.has(f);
  if (want("display_name"))
    check.str(body, "display_name", {
      required: true,
      min: 3,
      max: 128,
      pattern: /^[A-Za-z0-9-_ /]+$/,
    });
  if (want("config_yaml")) check.str(body, "config_yaml", { required: true });
  if (want("description")) check.str(body, "description", { max: 256 });
  if (want("service_account") && body.service_account !== undefined) {
    const sa = asObject(body.service_account);
    const sc = new Checker("pipeline.service_account");
    sc.str(sa, "client_id", { required: true, min: 1 });
    sc.str(sa, "client_secret", { required: true, min: 1 });
    check.violations.push(...sc.violations);
  }
  if (want("resources") && body.resources !== undefined) {
    const r = asObject(body.resources);
    const rc = new Checker("pipeline.resources");
    rc.str(r, "cpu_shares", { required: true, pattern: CPU });
    rc.str(r, "memory_shares", { required: true, pattern: MEMORY });
    check.violations.push(...rc.violations);
  }
  return check;
}

// Every cluster kind runs pipelines (see requireKind in ../dataplane.ts for the evidence).
function find(ctx: EmulatorContext, clusterId: string, id: string): DpPipeline {
  const p = dataplaneFor(ctx, clusterId).dp.pipelines[id];
  if (!p) throw notFound("pipeline");
  return p;
}

function transition(ctx: EmulatorContext, p: DpPipeline, via: string, to: string): void {
  p.state = via;
  p.pending = { next: to, at: ctx.now() + ctx.timeline.after("pipelineTransition") };
}

export function registerDataplanePipelines(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const seg of PIPELINE_SEGMENTS) {
    const base = `/v1/${seg}/pipelines`;
    app.get<{ Params: Params }>(base, (req) => listPipelines(ctx, req));
    app.post<{ Params: Params }>(base, (req, reply) => createPipeline(ctx, req, reply));
    app.get<ById>(`${base}/:id`, (req) => getPipeline(ctx, req));
    app.put<ById>(`${base}/:id`, (req) => updatePipeline(ctx, req));
    app.put<ById>(`${base}/:id/start`, (req) => startPipeline(ctx, req));
    app.put<ById>(`${base}/:id/stop`, (req) => stopPipeline(ctx, req));
    app.delete<ById>(`${base}/:id`, (req, reply) => deletePipeline(ctx, req, reply));
  }
}

async function listPipelines(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const q = req.query as Record<string, unknown>;
  const list = Object.values(dataplaneFor(ctx, req.params.clusterId).dp.pipelines)
    .filter((p) => p.display_name.includes(String(q["filter.name_contains"] ?? "")))
    .sort((a, b) => a.id.localeCompare(b.id));
  const { page, next_page_token } = paginate(list, q, 1000, 100);
  return { pipelines: page.map((p) => view(p, ctx, req.params.clusterId)), next_page_token };
}

async function createPipeline(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const body = unwrap(req.body, "pipeline");
  checkPipeline(body, undefined).done();
  const r = asObject(body.resources);
  const p: DpPipeline = {
    id: xid(),
    display_name: String(body.display_name),
    description: String(body.description ?? ""),
    config_yaml: String(body.config_yaml),
    resources: {
      cpu_shares: String(r.cpu_shares ?? "100m"),
      memory_shares: String(r.memory_shares ?? "400M"),
    },
    tags: asObject(body.tags) as Record<string, string>,
    ...account(body),
    state: "STATE_STOPPED",
  };
  // A new pipeline starts, as the vendor's does; clients that want it stopped stop it.
  transition(ctx, p, "STATE_STARTING", "STATE_RUNNING");
  dp.pipelines[p.id] = p;
  ctx.touch();
  return reply.code(201).send({ pipeline: view(p, ctx, req.params.clusterId) });
}

async function getPipeline(ctx: EmulatorContext, req: FastifyRequest<ById>) {
  return {
    pipeline: view(find(ctx, req.params.clusterId, req.params.id), ctx, req.params.clusterId),
  };
}

async function updatePipeline(ctx: EmulatorContext, req: FastifyRequest<ById>) {
  const p = find(ctx, req.params.clusterId, req.params.id);
  const body = unwrap(req.body, "pipeline");
  const maskRaw = (req.query as Record<string, unknown>).update_mask;
  // Without a mask the whole pipeline is replaced; api-spec.md's partial body sends only resources.
  const mask =
    typeof maskRaw === "string" && maskRaw !== ""
      ? new Set(maskRaw.split(",").map((s) => s.trim()))
      : Object.keys(body).length === 1 && body.resources !== undefined
        ? new Set(["resources"])
        : undefined;
  checkPipeline(body, mask).done();
  const want = (f: string) => !mask || mask.has(f);
  if (want("display_name")) p.display_name = String(body.display_name);
  if (want("config_yaml")) p.config_yaml = String(body.config_yaml);
  if (want("description")) p.description = String(body.description ?? "");
  if (want("tags") && body.tags !== undefined)
    p.tags = asObject(body.tags) as Record<string, string>;
  if (want("service_account") && body.service_account !== undefined)
    Object.assign(p, account(body));
  if (want("resources") && body.resources !== undefined) {
    const r = asObject(body.resources);
    p.resources = { cpu_shares: String(r.cpu_shares), memory_shares: String(r.memory_shares) };
  }
  ctx.touch();
  return { pipeline: view(p, ctx, req.params.clusterId) };
}

async function startPipeline(ctx: EmulatorContext, req: FastifyRequest<ById>) {
  const p = find(ctx, req.params.clusterId, req.params.id);
  if (p.state === "STATE_STOPPING") {
    throw new ApiError(
      "FAILED_PRECONDITION",
      `pipeline ${p.id} is stopping; start it once it is STATE_STOPPED`,
      "REASON_INVALID_INPUT",
    );
  }
  if (p.state !== "STATE_RUNNING" && p.state !== "STATE_STARTING")
    transition(ctx, p, "STATE_STARTING", "STATE_RUNNING");
  ctx.touch();
  return { pipeline: view(p, ctx, req.params.clusterId) };
}

async function stopPipeline(ctx: EmulatorContext, req: FastifyRequest<ById>) {
  const p = find(ctx, req.params.clusterId, req.params.id);
  if (p.state !== "STATE_STOPPED" && p.state !== "STATE_STOPPING")
    transition(ctx, p, "STATE_STOPPING", "STATE_STOPPED");
  ctx.touch();
  return { pipeline: view(p, ctx, req.params.clusterId) };
}

async function deletePipeline(
  ctx: EmulatorContext,
  req: FastifyRequest<ById>,
  reply: FastifyReply,
) {
  find(ctx, req.params.clusterId, req.params.id);
  delete dataplaneFor(ctx, req.params.clusterId).dp.pipelines[req.params.id];
  ctx.touch();
  return reply.code(204).send();
}
