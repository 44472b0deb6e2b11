/** Organization users (read only here; users join through invites). */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { notFound } from "../errors";
import { paginate } from "../paging";

export function registerOrganizationUsers(app: FastifyInstance, ctx: EmulatorContext): void {
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
}
