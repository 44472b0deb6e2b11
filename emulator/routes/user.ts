/** The data plane's SASL/SCRAM users (`/v1/users`). */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { alreadyExists, notFound } from "../errors";
import { paginate } from "../paging";
import { Checker, unwrap } from "../validate";

type Params = { clusterId: string };

export function registerDataplaneUsers(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: Params }>("/v1/users", async (req) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const q = req.query as Record<string, unknown>;
    const list = Object.values(dp.users)
      .filter((u) => q["filter.name"] === undefined || u.name === q["filter.name"])
      .filter((u) => u.name.includes(String(q["filter.name_contains"] ?? "")))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((u) => ({ name: u.name, mechanism: u.mechanism }));
    const { page, next_page_token } = paginate(list, q, 1000, 100);
    return { users: page, next_page_token };
  });

  app.post<{ Params: Params }>("/v1/users", async (req, reply) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const body = unwrap(req.body, "user");
    const check = new Checker("user");
    const name = check.str(body, "name", { required: true, max: 128 });
    check.str(body, "password", { required: true, min: 3, max: 128 });
    const mechanism = check.str(body, "mechanism", { required: true }); // its values: the schema
    check.done();
    if (dp.users[name as string])
      throw alreadyExists(`user ${name} already exists`, "REASON_RESOURCE_ALREADY_EXISTS");
    dp.users[name as string] = {
      name: name as string,
      mechanism: mechanism as string,
      password: body.password as string,
    };
    ctx.touch();
    return reply.code(201).send({ user: { name, mechanism } });
  });

  app.put<{ Params: Params & { name: string } }>("/v1/users/:name", async (req) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const user = dp.users[req.params.name];
    if (!user) throw notFound("user");
    const body = unwrap(req.body, "user");
    const check = new Checker("user");
    const password = check.str(body, "password", { required: true, min: 3, max: 128 });
    const mechanism = check.str(body, "mechanism", { required: true }); // its values: the schema
    check.done();
    user.password = password as string;
    user.mechanism = mechanism as string;
    ctx.touch();
    return { user: { name: user.name, mechanism: user.mechanism } };
  });

  app.delete<{ Params: Params & { name: string } }>("/v1/users/:name", async (req, reply) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    if (!dp.users[req.params.name]) throw notFound("user");
    delete dp.users[req.params.name];
    ctx.touch();
    return reply.code(204).send();
  });
}
