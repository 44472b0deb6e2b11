/**
 * Client quotas (`/v1/quotas`): throughput limits per client id, client-id prefix or the default
 * client (an empty name), set and deleted one value type at a time or in batches. Redpanda has no
 * user or IP quotas and no request-percentage quota (the contract says so); those are refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { ApiError } from "../errors";
import { paginate } from "../paging";
import type { Dataplane, QuotaRec } from "../domain/records";
import { Checker, asObject } from "../validate";
import type { Json } from "../validate";

type Params = { clusterId: string };
const ENTITY_TYPES = ["ENTITY_TYPE_CLIENT_ID", "ENTITY_TYPE_CLIENT_ID_PREFIX"];
const UNSUPPORTED_ENTITY_TYPES = ["ENTITY_TYPE_USER", "ENTITY_TYPE_IP"];
const VALUE_TYPES = [
  "VALUE_TYPE_PRODUCER_BYTE_RATE",
  "VALUE_TYPE_CONSUMER_BYTE_RATE",
  "VALUE_TYPE_CONTROLLER_MUTATION_RATE",
];
const UNSUPPORTED_VALUE_TYPES = ["VALUE_TYPE_REQUEST_PERCENTAGE"];

export const quotasOf = (dp: Dataplane): QuotaRec[] => (dp.quotas ??= []);

interface Entity {
  entity_type: string;
  entity_name: string;
}

/** The entity's problem, or undefined when Redpanda takes it. */
function entityProblem(e: Entity): string | undefined {
  if (UNSUPPORTED_ENTITY_TYPES.includes(e.entity_type))
    return `${e.entity_type} is not supported in Redpanda`;
  if (!ENTITY_TYPES.includes(e.entity_type))
    return `entity_type must be one of ${ENTITY_TYPES.join(", ")}`;
  if (e.entity_type === "ENTITY_TYPE_CLIENT_ID_PREFIX" && !e.entity_name)
    return "entity_name is required for ENTITY_TYPE_CLIENT_ID_PREFIX";
  return undefined;
}

function valueTypeProblem(t: unknown): string | undefined {
  if (typeof t === "string" && UNSUPPORTED_VALUE_TYPES.includes(t))
    return `${t} is not supported in Redpanda`;
  if (typeof t !== "string" || !VALUE_TYPES.includes(t))
    return `value_type must be one of ${VALUE_TYPES.join(", ")}`;
  return undefined;
}

const entityOf = (raw: unknown): Entity => {
  const e = asObject(raw);
  return {
    entity_type: typeof e.entity_type === "string" ? e.entity_type : "",
    entity_name: typeof e.entity_name === "string" ? e.entity_name : "",
  };
};

function find(dp: Dataplane, e: Entity): QuotaRec | undefined {
  return quotasOf(dp).find(
    (q) => q.entity_type === e.entity_type && q.entity_name === e.entity_name,
  );
}

function setValues(dp: Dataplane, e: Entity, values: [string, number][]): void {
  let rec = find(dp, e);
  if (!rec) {
    rec = { ...e, values: {} };
    quotasOf(dp).push(rec);
  }
  for (const [type, value] of values) rec.values[type] = value;
}

function deleteValues(dp: Dataplane, e: Entity, types: string[]): void {
  const rec = find(dp, e);
  if (!rec) return;
  // No value types named: every value of the entity goes.
  for (const t of types.length > 0 ? types : Object.keys(rec.values)) delete rec.values[t];
  if (Object.keys(rec.values).length === 0) quotasOf(dp).splice(quotasOf(dp).indexOf(rec), 1);
}

const view = (q: QuotaRec): Json => ({
  entity: { entity_type: q.entity_type, entity_name: q.entity_name },
  values: Object.entries(q.values)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value_type, value]) => ({ value_type, value })),
});

/** A value as sent: a number (JSON doubles may also arrive as strings); rates are not negative. */
function valueOf(raw: unknown): number | undefined {
  const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function registerQuotas(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: Params }>("/v1/quotas", (req) => listQuotas(ctx, req));
  app.post<{ Params: Params }>("/v1/quotas", (req, reply) => createQuota(ctx, req, reply));
  app.post<{ Params: Params }>("/v1/quotas::batchSet", (req) => batchSetQuotas(ctx, req));
  app.post<{ Params: Params }>("/v1/quotas::batchDelete", (req) => batchDeleteQuotas(ctx, req));
  app.post<{ Params: Params }>("/v1/quotas::delete", (req) => deleteQuota(ctx, req));
}

async function listQuotas(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const q = req.query as Record<string, unknown>;
  const list = quotasOf(dp)
    .filter(
      (r) => q["filter.entity_type"] === undefined || r.entity_type === q["filter.entity_type"],
    )
    .filter((r) =>
      q["filter.match_default"] === "true"
        ? r.entity_name === ""
        : q["filter.entity_name"] === undefined || r.entity_name === q["filter.entity_name"],
    )
    .sort(
      (a, b) =>
        a.entity_type.localeCompare(b.entity_type) || a.entity_name.localeCompare(b.entity_name),
    );
  const { page, next_page_token } = paginate(list, q, 1000, 100);
  return { quotas: page.map(view), page_token: next_page_token };
}

async function createQuota(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const body = asObject(req.body);
  const e = entityOf(body.entity);
  const v = asObject(body.value);
  const check = new Checker();
  const problem = entityProblem(e);
  if (problem) check.fail("entity", problem);
  const typeProblem = valueTypeProblem(v.value_type);
  if (typeProblem) check.fail("value.value_type", typeProblem);
  const value = valueOf(v.value);
  if (value === undefined) check.fail("value.value", "value must be a number ≥ 0");
  check.done();
  setValues(dp, e, [[v.value_type as string, value as number]]);
  ctx.touch();
  return reply.code(201).send({});
}

async function batchSetQuotas(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const settings = asObject(req.body).settings;
  if (!Array.isArray(settings))
    throw new ApiError("INVALID_ARGUMENT", "settings must be a list", "REASON_INVALID_INPUT");
  const successful_entities: Json[] = [];
  const failed_entities: Json[] = [];
  for (const raw of settings) {
    const s = asObject(raw);
    const e = entityOf(s.entity);
    const values = Array.isArray(s.values) ? s.values.map(asObject) : [];
    const problem =
      entityProblem(e) ??
      (values.length === 0 ? "values must contain at least 1 item(s)" : undefined) ??
      values.map((v) => valueTypeProblem(v.value_type)).find(Boolean) ??
      (values.some((v) => valueOf(v.value) === undefined)
        ? "every value must be a number ≥ 0"
        : undefined);
    if (problem) {
      failed_entities.push({ ...e, error_code: 3, error_message: problem });
      continue;
    }
    setValues(
      dp,
      e,
      values.map((v) => [v.value_type as string, valueOf(v.value) as number]),
    );
    successful_entities.push(e as unknown as Json);
  }
  ctx.touch();
  return { successful_entities, failed_entities };
}

async function batchDeleteQuotas(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const deletions = asObject(req.body).deletions;
  if (!Array.isArray(deletions))
    throw new ApiError("INVALID_ARGUMENT", "deletions must be a list", "REASON_INVALID_INPUT");
  const successful_entities: Json[] = [];
  const failed_entities: Json[] = [];
  for (const raw of deletions) {
    const d = asObject(raw);
    const e = entityOf(d.entity);
    const types = Array.isArray(d.value_types) ? d.value_types.map(String) : [];
    const problem = entityProblem(e) ?? types.map(valueTypeProblem).find(Boolean);
    if (problem) {
      failed_entities.push({ ...e, error_code: 3, error_message: problem });
      continue;
    }
    deleteValues(dp, e, types);
    successful_entities.push(e as unknown as Json);
  }
  ctx.touch();
  return { successful_entities, failed_entities };
}

async function deleteQuota(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const body = asObject(req.body);
  const e = entityOf(body.entity);
  const check = new Checker();
  const problem = entityProblem(e);
  if (problem) check.fail("entity", problem);
  const typeProblem = body.value_type === undefined ? undefined : valueTypeProblem(body.value_type);
  if (typeProblem) check.fail("value_type", typeProblem);
  check.done();
  deleteValues(dp, e, body.value_type === undefined ? [] : [String(body.value_type)]);
  ctx.touch();
  return {};
}
