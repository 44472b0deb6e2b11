import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TokenRegistry } from "../auth";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound } from "../errors";
import { paginate } from "../paging";
import type { RoleBindingRec, ServiceAccountRec } from "../store";
import { nowIso, xid } from "../store";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";

export const ROLES = ["Reader", "Writer", "Admin"];
export const SCOPE_TYPES = [
  "SCOPE_RESOURCE_TYPE_ORGANIZATION",
  "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP",
  "SCOPE_RESOURCE_TYPE_NETWORK",
  "SCOPE_RESOURCE_TYPE_CLUSTER",
  "SCOPE_RESOURCE_TYPE_SERVERLESS_CLUSTER",
  "SCOPE_RESOURCE_TYPE_NETWORK_PEERING",
  "SCOPE_RESOURCE_TYPE_KAFKA_TOPIC",
];

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

export function registerIam(
  app: FastifyInstance,
  ctx: EmulatorContext,
  tokens: TokenRegistry,
): void {
  // Role bindings
  app.get("/v1/role-bindings", async (req) => {
    const q = req.query as Record<string, unknown>;
    const ids =
      q["filter.account_ids"] === undefined
        ? undefined
        : ([] as unknown[]).concat(q["filter.account_ids"]);
    const list = Object.values(ctx.world.roleBindings)
      .filter((rb) => q["filter.role_name"] === undefined || rb.role_name === q["filter.role_name"])
      .filter(
        (rb) =>
          q["filter.scope.resource_type"] === undefined ||
          rb.scope.resource_type === q["filter.scope.resource_type"],
      )
      .filter(
        (rb) =>
          q["filter.scope.resource_id"] === undefined ||
          rb.scope.resource_id === q["filter.scope.resource_id"],
      )
      .filter((rb) => q["filter.account"] === undefined || rb.account_id === q["filter.account"])
      .filter((rb) => !ids || ids.includes(rb.account_id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const { page, next_page_token } = paginate(list, q, 100);
    return { role_bindings: page, next_page_token };
  });

  app.post("/v1/role-bindings", async (req, reply) => {
    const body = unwrap(req.body, "role_binding");
    const check = new Checker("role_binding");
    const role = check.str(body, "role_name", { required: true, oneOf: ROLES });
    const account = check.str(body, "account_id", { required: true });
    const scope = asObject(body.scope);
    const scopeCheck = new Checker("role_binding.scope");
    const scopeType = scopeCheck.str(scope, "resource_type", {
      required: true,
      oneOf: SCOPE_TYPES,
    });
    const scopeId = scopeCheck.str(scope, "resource_id", {
      required: scopeType !== "SCOPE_RESOURCE_TYPE_ORGANIZATION",
    });
    check.violations.push(...scopeCheck.violations);
    check.done();
    const w = ctx.world;
    if (!w.serviceAccounts[account as string] && !w.users[account as string]) {
      throw notFound(`account ${account}`, "REASON_ACCOUNT_NOT_FOUND");
    }
    const dup = Object.values(w.roleBindings).find(
      (rb) =>
        rb.account_id === account &&
        rb.role_name === role &&
        rb.scope.resource_type === scopeType &&
        rb.scope.resource_id === (scopeId ?? ""),
    );
    if (dup)
      throw alreadyExists(
        `role binding ${dup.id} already grants this`,
        "REASON_ROLE_BINDING_ALREADY_EXISTS",
      );
    const now = nowIso(ctx.now());
    const rb: RoleBindingRec = {
      id: xid(),
      role_name: role as string,
      account_id: account as string,
      scope: { resource_type: scopeType as string, resource_id: scopeId ?? "" },
      created_at: now,
      updated_at: now,
    };
    w.roleBindings[rb.id] = rb;
    ctx.touch();
    return reply.code(201).send({ role_binding: rb });
  });

  app.get<{ Params: { id: string } }>("/v1/role-bindings/:id", async (req) => {
    const rb = ctx.world.roleBindings[req.params.id];
    if (!rb) throw notFound("role binding", "REASON_ROLE_BINDING_NOT_FOUND");
    return { role_binding: rb };
  });

  app.delete<{ Params: { id: string } }>("/v1/role-bindings/:id", async (req, reply) => {
    if (!ctx.world.roleBindings[req.params.id])
      throw notFound("role binding", "REASON_ROLE_BINDING_NOT_FOUND");
    delete ctx.world.roleBindings[req.params.id];
    ctx.touch();
    return reply.code(204).send();
  });

  // Service accounts
  app.get("/v1/service-accounts", async (req) => {
    const q = req.query as Record<string, unknown>;
    const list = Object.values(ctx.world.serviceAccounts)
      .filter((sa) => q["filter.name"] === undefined || sa.name === q["filter.name"])
      .sort((a, b) => a.name.localeCompare(b.name));
    const { page, next_page_token } = paginate(list, q, 100);
    return { service_accounts: page.map((sa) => saView(sa, false)), next_page_token };
  });

  app.post("/v1/service-accounts", async (req, reply) => {
    const { name, description } = checkSa(unwrap(req.body, "service_account"), true);
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
    ctx.touch();
    return reply.code(201).send({ service_account: saView(sa, true) });
  });

  app.get<{ Params: { id: string } }>("/v1/service-accounts/:id", async (req) => ({
    service_account: saView(findSa(ctx, req.params.id), false),
  }));

  app.patch<{ Params: { id: string } }>("/v1/service-accounts/:id", async (req) => {
    const sa = findSa(ctx, req.params.id);
    const { name, description } = checkSa(unwrap(req.body, "service_account"), false);
    if (name !== undefined) sa.name = name;
    const body = unwrap(req.body, "service_account");
    if (body.description !== undefined) sa.description = description ?? "";
    sa.updated_at = nowIso(ctx.now());
    ctx.touch();
    return { service_account: saView(sa, false) };
  });

  app.delete<{ Params: { id: string } }>("/v1/service-accounts/:id", async (req, reply) => {
    findSa(ctx, req.params.id);
    delete ctx.world.serviceAccounts[req.params.id];
    ctx.touch();
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>("/v1/service-accounts/:id/credentials", async (req) => {
    const sa = findSa(ctx, req.params.id);
    return { credentials: { client_id: sa.client_id, client_secret: sa.client_secret } };
  });

  app.get<{ Params: { id: string } }>("/v1/service-accounts/:id/rotate-secret", async (req) => {
    const sa = findSa(ctx, req.params.id);
    sa.client_secret = secret();
    sa.updated_at = nowIso(ctx.now());
    ctx.touch();
    return { service_account: saView(sa, true) };
  });

  // Organization users (read and delete only; users join through invites)
  app.get("/v1/users", async (req) => {
    const q = req.query as Record<string, unknown>;
    const list = Object.values(ctx.world.users).sort((a, b) => a.email.localeCompare(b.email));
    const { page, next_page_token } = paginate(list, q, 100);
    return { users: page.map((u) => ({ ...u, picture_url: "", identities: [] })), next_page_token };
  });

  app.get<{ Params: { id: string } }>("/v1/users/:id", async (req) => {
    const u = ctx.world.users[req.params.id];
    if (!u) throw notFound("user", "REASON_USER_NOT_FOUND");
    return { user: { ...u, picture_url: "", identities: [] } };
  });

  // OAuth2 client credentials (RFC 6749 §4.4), the vendor's token endpoint shape.
  app.post("/oauth/token", async (req, reply) => {
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
    if (!sa || sa.client_secret !== form.client_secret)
      return fail("access_denied", "Unauthorized");
    const issued = tokens.issue(sa.id, ctx.now());
    return {
      access_token: issued.access_token,
      token_type: "Bearer",
      expires_in: issued.expires_in,
    };
  });
}
