/** Service accounts (`/v1/service-accounts`) and the OAuth2 token endpoint their credentials use. */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TokenRegistry } from "../auth";
import type { EmulatorContext, Services } from "../context";
import { notFound } from "../errors";
import { paginate } from "../paging";
import type { ServiceAccountRec } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";
import { addRoleBinding } from "../domain/roles";

function saView(sa: ServiceAccountRec, withSecret: boolean): Json {
  return {
    id: sa.id,
    name: sa.name,
    description: sa.description,
    auth0_client_credentials: {
      client_id: sa.client_id,
      client_secret: withSecret ? sa.client_secret : null,
    },
    created_at: sa.created_at,
    updated_at: sa.updated_at,
  };
}

function findSa(ctx: EmulatorContext, id: string): ServiceAccountRec {
  const sa = ctx.world.serviceAccounts[id];
  if (!sa) throw notFound("service account", "REASON_SERVICE_ACCOUNT_NOT_FOUND");
  return sa;
}

const secret = (): string => randomBytes(32).toString("base64url");

function checkSa(body: Json, required: boolean): { name?: string; description?: string } {
  const check = new Checker("service_account");
  const name = check.str(body, "name", { required, min: 3, max: 128, pattern: /^[^<>]+$/ });
  const description = check.str(body, "description", { max: 140 });
  check.done();
  return { name, description };
}

export function registerServiceAccounts(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { tokens }: Services,
): void {
  app.get("/v1/service-accounts", (req) => listServiceAccounts(ctx, req));

  app.post("/v1/service-accounts", (req, reply) => createServiceAccount(ctx, req, reply));

  app.get<{ Params: { id: string } }>("/v1/service-accounts/:id", (req) =>
    getServiceAccount(ctx, req),
  );

  app.patch<{ Params: { id: string } }>("/v1/service-accounts/:id", (req) =>
    updateServiceAccount(ctx, req),
  );

  app.delete<{ Params: { id: string } }>("/v1/service-accounts/:id", (req, reply) =>
    deleteServiceAccount(ctx, req, reply),
  );

  app.get<{ Params: { id: string } }>("/v1/service-accounts/:id/credentials", (req) =>
    getCredentials(ctx, req),
  );

  app.get<{ Params: { id: string } }>("/v1/service-accounts/:id/rotate-secret", (req) =>
    rotateSecret(ctx, req),
  );

  // OAuth2 client credentials (RFC 6749 §4.4), the vendor's token endpoint shape.
  app.post("/oauth/token", (req, reply) => issueToken(ctx, tokens, req, reply));
}

async function listServiceAccounts(ctx: EmulatorContext, req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const list = Object.values(ctx.world.serviceAccounts)
    .filter((sa) => q["filter.name"] === undefined || sa.name === q["filter.name"])
    .sort((a, b) => a.name.localeCompare(b.name));
  const { page, next_page_token } = paginate(list, q, 100);
  return { service_accounts: page.map((sa) => saView(sa, false)), next_page_token };
}

async function createServiceAccount(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const body = unwrap(req.body, "service_account");
  const { name, description } = checkSa(body, true);
  const now = nowIso(ctx.now());
  const sa: ServiceAccountRec = {
    id: xid(),
    name: name as string,
    description: description ?? "",
    client_id: randomBytes(16).toString("hex"),
    client_secret: secret(),
    created_at: now,
    updated_at: now,
  };
  ctx.world.serviceAccounts[sa.id] = sa;
  // ServiceAccountCreate.role_bindings (the vendor's contract): each is a role binding of the new
  // account, checked as POST /v1/role-bindings checks one; one refused refuses the create.
  const bindings = Array.isArray(body.role_bindings) ? body.role_bindings : [];
  try {
    sa.role_binding_ids = bindings.map(
      (b, i) =>
        addRoleBinding(
          ctx,
          { ...asObject(b), account_id: sa.id },
          `service_account.role_bindings[${i}]`,
        ).id,
    );
  } catch (err) {
    for (const rb of Object.values(ctx.world.roleBindings))
      if (rb.account_id === sa.id) delete ctx.world.roleBindings[rb.id];
    delete ctx.world.serviceAccounts[sa.id];
    throw err;
  }
  ctx.touch();
  return reply.code(201).send({ service_account: saView(sa, true) });
}

async function getServiceAccount(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
) {
  return {
    service_account: saView(findSa(ctx, req.params.id), false),
  };
}

async function updateServiceAccount(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
) {
  const sa = findSa(ctx, req.params.id);
  const { name, description } = checkSa(unwrap(req.body, "service_account"), false);
  if (name !== undefined) sa.name = name;
  const body = unwrap(req.body, "service_account");
  if (body.description !== undefined) sa.description = description ?? "";
  sa.updated_at = nowIso(ctx.now());
  ctx.touch();
  return { service_account: saView(sa, false) };
}

async function deleteServiceAccount(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const sa = findSa(ctx, req.params.id);
  for (const id of sa.role_binding_ids ?? []) delete ctx.world.roleBindings[id];
  delete ctx.world.serviceAccounts[req.params.id];
  ctx.touch();
  return reply.code(204).send();
}

async function getCredentials(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: { id: string } }>,
) {
  const sa = findSa(ctx, req.params.id);
  return { credentials: { client_id: sa.client_id, client_secret: sa.client_secret } };
}

async function rotateSecret(ctx: EmulatorContext, req: FastifyRequest<{ Params: { id: string } }>) {
  const sa = findSa(ctx, req.params.id);
  sa.client_secret = secret();
  sa.updated_at = nowIso(ctx.now());
  ctx.touch();
  return { service_account: saView(sa, true) };
}

async function issueToken(
  ctx: EmulatorContext,
  tokens: TokenRegistry,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const form = asObject(req.body);
  const fail = (error: string, description: string) =>
    reply.code(401).send({ error, error_description: description });
  if (form.grant_type !== "client_credentials") {
    return reply.code(400).send({
      error: "unsupported_grant_type",
      error_description: "only client_credentials is supported",
    });
  }
  const sa = Object.values(ctx.world.serviceAccounts).find((s) => s.client_id === form.client_id);
  if (!sa || sa.client_secret !== form.client_secret) return fail("access_denied", "Unauthorized");
  const issued = tokens.issue(sa.id, ctx.now());
  return {
    access_token: issued.access_token,
    token_type: "Bearer",
    expires_in: issued.expires_in,
  };
}
