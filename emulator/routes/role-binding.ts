/** Organization role bindings (`/v1/role-bindings`). */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { notFound } from "../errors";
import { paginate } from "../paging";
import { unwrap } from "../validate";
import { addRoleBinding } from "../domain/roles";

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
