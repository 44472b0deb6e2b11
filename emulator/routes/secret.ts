/**
 * Data-plane secrets (`/v1/secrets`): what pipelines reference as `${secrets.NAME}`. The data goes
 * in (base64) and never comes out; the id is the name, upper case.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { alreadyExists, invalid, notFound } from "../errors";
import { paginate } from "../paging";
import type { Dataplane, DpSecret } from "../domain/records";
import { Checker, asObject } from "../validate";
import type { Json } from "../validate";

type Params = { clusterId: string };
const ID = /^[A-Z][A-Z0-9_]*$/;

const secretsOf = (dp: Dataplane): Record<string, DpSecret> => (dp.secrets ??= {});
const view = (s: DpSecret): Json => ({ id: s.id, labels: s.labels, scopes: s.scopes });

function data(raw: unknown): string {
  if (typeof raw !== "string" || raw === "" || Buffer.from(raw, "base64").length === 0) {
    throw invalid([{ field: "secret_data", description: "value is required, base64-encoded" }]);
  }
  return raw;
}

function scopes(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw.map(String) : [];
  if (list.length === 0) {
    throw invalid([{ field: "scopes", description: "at least one scope is required" }]);
  }
  return list;
}

export function registerSecrets(app: FastifyInstance, ctx: EmulatorContext): void {
  const find = (clusterId: string, id: string) => {
    const s = secretsOf(dataplaneFor(ctx, clusterId).dp)[id];
    if (!s) throw notFound(`secret ${id}`);
    return s;
  };

  app.get<{ Params: Params }>("/v1/secrets", async (req) => {
    const q = req.query as Record<string, unknown>;
    const list = Object.values(secretsOf(dataplaneFor(ctx, req.params.clusterId).dp))
      .filter((s) => s.id.includes(String(q["filter.name_contains"] ?? "")))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(view);
    const { page, next_page_token } = paginate(list, q, 1000, 100);
    return { secrets: page, next_page_token };
  });

  app.post<{ Params: Params }>("/v1/secrets", async (req, reply) => {
    const secrets = secretsOf(dataplaneFor(ctx, req.params.clusterId).dp);
    const body = asObject(req.body);
    const check = new Checker();
    const id = check.str(body, "id", { required: true, max: 255, pattern: ID }) as string;
    check.done();
    if (secrets[id])
      throw alreadyExists(`secret ${id} already exists`, "REASON_RESOURCE_ALREADY_EXISTS");
    const secret: DpSecret = {
      id,
      secret_data: data(body.secret_data),
      scopes: scopes(body.scopes),
      labels: asObject(body.labels) as Record<string, string>,
    };
    secrets[id] = secret;
    ctx.touch();
    return reply.code(201).send({ secret: view(secret) });
  });

  app.get<{ Params: Params & { id: string } }>("/v1/secrets/:id", async (req) => ({
    secret: view(find(req.params.clusterId, req.params.id)),
  }));

  app.put<{ Params: Params & { id: string } }>("/v1/secrets/:id", async (req) => {
    const secret = find(req.params.clusterId, req.params.id);
    const body = asObject(req.body);
    secret.secret_data = data(body.secret_data);
    if (body.scopes !== undefined) secret.scopes = scopes(body.scopes);
    if (body.labels !== undefined) secret.labels = asObject(body.labels) as Record<string, string>;
    ctx.touch();
    return { secret: view(secret) };
  });

  app.delete<{ Params: Params & { id: string } }>("/v1/secrets/:id", async (req, reply) => {
    const secrets = secretsOf(dataplaneFor(ctx, req.params.clusterId).dp);
    if (!secrets[req.params.id]) throw notFound(`secret ${req.params.id}`);
    delete secrets[req.params.id];
    ctx.touch();
    return reply.code(204).send();
  });
}
