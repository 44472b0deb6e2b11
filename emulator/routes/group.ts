/**
 * Organization user groups (`/v1/groups`): a name unique in the organization and a description.
 * A group is an account a role binding can name; deleting it removes its role bindings.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound } from "../errors";
import { paginate } from "../paging";
import type { GroupRec, World } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, unwrap, updateMask } from "../validate";
import { groupsOf } from "../domain/roles";

function findGroup(ctx: EmulatorContext, id: string): GroupRec {
  const g = groupsOf(ctx.world)[id];
  if (!g) throw notFound(`group ${id}`, "REASON_RESOURCE_NOT_FOUND");
  return g;
}

function refuseTakenName(world: World, name: string, self?: string): void {
  if (Object.values(groupsOf(world)).some((g) => g.name === name && g.id !== self))
    throw alreadyExists(`group ${name} already exists`, "REASON_RESOURCE_ALREADY_EXISTS");
}

export function registerGroups(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/groups", async (req) => {
    const q = req.query as Record<string, unknown>;
    const list = Object.values(groupsOf(ctx.world))
      .filter((g) => q["filter.name"] === undefined || g.name === q["filter.name"])
      .sort((a, b) => a.name.localeCompare(b.name));
    const { page, next_page_token } = paginate(list, q, 100);
    return { groups: page, next_page_token };
  });

  app.post("/v1/groups", async (req, reply) => {
    const body = unwrap(req.body, "group");
    const check = new Checker("group");
    const name = check.str(body, "name", { required: true }) as string;
    const description = check.str(body, "description") ?? "";
    check.done();
    refuseTakenName(ctx.world, name);
    const g: GroupRec = { id: xid(), name, description, created_at: nowIso(ctx.now()) };
    groupsOf(ctx.world)[g.id] = g;
    ctx.touch();
    return reply.code(201).send({ group: g });
  });

  app.get<{ Params: { id: string } }>("/v1/groups/:id", async (req) => ({
    group: findGroup(ctx, req.params.id),
  }));

  app.patch<{ Params: { id: string } }>("/v1/groups/:id", async (req) => {
    const g = findGroup(ctx, req.params.id);
    const body = unwrap(req.body, "group");
    const mask = updateMask(req.body, body);
    const check = new Checker("group");
    const name = mask.includes("name") ? check.str(body, "name", { required: true }) : undefined;
    const description = mask.includes("description") ? check.str(body, "description") : undefined;
    check.done();
    if (name !== undefined) {
      refuseTakenName(ctx.world, name, g.id);
      g.name = name;
    }
    if (mask.includes("description")) g.description = description ?? "";
    ctx.touch();
    return { group: g };
  });

  app.delete<{ Params: { id: string } }>("/v1/groups/:id", async (req, reply) => {
    const g = findGroup(ctx, req.params.id);
    delete groupsOf(ctx.world)[g.id];
    for (const [id, rb] of Object.entries(ctx.world.roleBindings))
      if (rb.account_id === g.id) delete ctx.world.roleBindings[id];
    ctx.touch();
    return reply.code(204).send();
  });
}
