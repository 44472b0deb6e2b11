import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { notFound } from "../errors";
import { paginate } from "../paging";
import { operationView } from "../views";

export function registerOperations(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: { id: string } }>("/v1/operations/:id", async (req) => {
    const op = ctx.world.operations[req.params.id];
    if (!op) throw notFound("operation", "REASON_OPERATION_NOT_FOUND");
    return { operation: operationView(ctx, op) };
  });

  app.get("/v1/operations", async (req) => {
    const q = req.query as Record<string, unknown>;
    const typeIn = q["filter.type_in"];
    const types = typeIn === undefined ? undefined : ([] as unknown[]).concat(typeIn).map(String);
    const state = q["filter.state"];
    const resourceId = q["filter.resource_id"];
    const ops = Object.values(ctx.world.operations)
      .filter((o) => !types || types.includes(o.type))
      .filter((o) => state === undefined || o.state === state)
      .filter((o) => resourceId === undefined || o.resource_id === resourceId)
      .sort((a, b) => b.started_at.localeCompare(a.started_at));
    const { page, next_page_token } = paginate(ops, q, 100);
    return { operations: page.map((o) => operationView(ctx, o)), next_page_token };
  });
}
