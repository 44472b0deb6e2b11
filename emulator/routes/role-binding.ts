/** Organization role bindings (`/v1/role-bindings`). */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound } from "../errors";
import { paginate } from "../paging";
import type { RoleBindingRec } from "../store";
import { nowIso, xid } from "../store";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";
import { groupsOf } from "./group";
import { roleExists } from "./organization-role";

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

/**
 * Checks and stores one role binding (`POST /v1/role-bindings`, and each of a service account's
 * `role_bindings` at its creation); `where` names the body in error messages.
 */
export function addRoleBinding(ctx: EmulatorContext, body: Json, where: string): RoleBindingRec {
  const check = new Checker(where);
  const role = check.str(body, "role_name", { required: true });
  if (role !== undefined && !roleExists(ctx.world, role))
    check.fail("role_name", `no role ${role}: one of ${ROLES.join(", ")} or a custom role`);
  const account = check.str(body, "account_id", { required: true });
  const scope = asObject(body.scope);
  const scopeCheck = new Checker(`${where}.scope`);
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
  // An account is a user, a service account or a group.
  if (
    !w.serviceAccounts[account as string] &&
    !w.users[account as string] &&
    !groupsOf(w)[account as string]
  ) {
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
  return rb;
}

export function registerRoleBindings(app: FastifyInstance, ctx: EmulatorContext): void {
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
    const rb = addRoleBinding(ctx, unwrap(req.body, "role_binding"), "role_binding");
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
}
