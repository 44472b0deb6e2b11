import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { ResourceGroupRec } from "../domain/records";
import { nowIso, uuid } from "../domain/records";
import { Checker, unwrap } from "../validate";

const NAME = { required: true, max: 253, pattern: /^[a-zA-Z0-9-]+$/ };

function find(ctx: EmulatorContext, id: string): ResourceGroupRec {
  const rg = ctx.world.resourceGroups[id];
  if (!rg) throw notFound("resource group", "REASON_RESOURCE_GROUP_NOT_FOUND");
  return rg;
}

function assertUniqueName(ctx: EmulatorContext, name: string, selfId?: string): void {
  const clash = Object.values(ctx.world.resourceGroups).find(
    (g) => g.name === name && g.id !== selfId,
  );
  if (clash) {
    throw alreadyExists(
      `resource group ${name} already exists`,
      "REASON_RESOURCE_GROUP_ALREADY_EXISTS",
    );
  }
}

export function registerResourceGroups(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/resource-groups", async (req) => {
    const q = req.query as Record<string, unknown>;
    const contains = typeof q["filter.name_contains"] === "string" ? q["filter.name_contains"] : "";
    const all = Object.values(ctx.world.resourceGroups)
      .filter((g) => g.name.includes(contains))
      .sort((a, b) => a.name.localeCompare(b.name));
    const { page, next_page_token } = paginate(all, q, 100);
    return { resource_groups: page, next_page_token };
  });

  app.post("/v1/resource-groups", async (req, reply) => {
    const body = unwrap(req.body, "resource_group");
    const check = new Checker("resource_group");
    const name = check.str(body, "name", NAME);
    check.done();
    assertUniqueName(ctx, name as string);
    const now = nowIso(ctx.now());
    const rg: ResourceGroupRec = {
      id: uuid(),
      name: name as string,
      created_at: now,
      updated_at: now,
    };
    ctx.world.resourceGroups[rg.id] = rg;
    ctx.touch();
    return reply.code(201).send({ resource_group: rg });
  });

  app.get<{ Params: { id: string } }>("/v1/resource-groups/:id", async (req) => ({
    resource_group: find(ctx, req.params.id),
  }));

  app.patch<{ Params: { id: string } }>("/v1/resource-groups/:id", async (req) => {
    const rg = find(ctx, req.params.id);
    const body = unwrap(req.body, "resource_group");
    const check = new Checker("resource_group");
    const name = check.str(body, "name", NAME);
    check.done();
    assertUniqueName(ctx, name as string, rg.id);
    rg.name = name as string;
    rg.updated_at = nowIso(ctx.now());
    ctx.touch();
    return { resource_group: rg };
  });

  app.delete<{ Params: { id: string } }>("/v1/resource-groups/:id", async (req, reply) => {
    const rg = find(ctx, req.params.id);
    const w = ctx.world;
    const users = [
      ...Object.values(w.networks)
        .filter((n) => n.resource_group_id === rg.id)
        .map((n) => `network ${n.id}`),
      ...Object.values(w.clusters)
        .filter((c) => c.resource_group_id === rg.id)
        .map((c) => `cluster ${c.id}`),
      ...Object.values(w.serverless)
        .filter((s) => s.resource_group_id === rg.id)
        .map((s) => `serverless cluster ${s.id}`),
    ];
    if (users.length > 0) {
      throw precondition(
        `resource group ${rg.id} is not empty: delete ${users.join(", ")} first`,
        "REASON_RESOURCE_GROUP_NOT_EMPTY",
      );
    }
    delete w.resourceGroups[rg.id];
    ctx.touch();
    return reply.code(204).send();
  });
}
