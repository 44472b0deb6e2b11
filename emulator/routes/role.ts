/**
 * Redpanda roles (`/v1/roles`): a name and its members. ACLs name a role as the principal
 * `RedpandaRole:<name>`; deleting a role can delete those ACLs too (`delete_acls`).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { alreadyExists, notFound } from "../errors";
import { paginate } from "../paging";
import { Checker, asObject } from "../validate";
import { ROLE_NAME, rolesOf } from "../domain/redpanda-roles";

type Params = { clusterId: string };
const NAME = ROLE_NAME;

export function registerRoles(app: FastifyInstance, ctx: EmulatorContext): void {
  const find = (clusterId: string, name: string) => {
    const role = rolesOf(dataplaneFor(ctx, clusterId).dp)[name];
    if (!role) throw notFound(`role ${name}`);
    return role;
  };

  app.get<{ Params: Params }>("/v1/roles", async (req) => {
    const q = req.query as Record<string, unknown>;
    const list = Object.values(rolesOf(dataplaneFor(ctx, req.params.clusterId).dp))
      .filter((r) => r.name.includes(String(q["filter.name_contains"] ?? "")))
      .filter((r) => r.name.startsWith(String(q["filter.name_prefix"] ?? "")))
      .filter(
        (r) =>
          q["filter.principal"] === undefined || r.members.includes(String(q["filter.principal"])),
      )
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => ({ name: r.name }));
    const { page, next_page_token } = paginate(list, q, 1000, 100);
    return { roles: page, next_page_token };
  });

  app.post<{ Params: Params }>("/v1/roles", async (req, reply) => {
    const roles = rolesOf(dataplaneFor(ctx, req.params.clusterId).dp);
    const body = asObject(req.body);
    const check = new Checker();
    const name = check.str(body, "name", { required: true, max: 128, pattern: NAME }) as string;
    check.done();
    if (roles[name])
      throw alreadyExists(`role ${name} already exists`, "REASON_RESOURCE_ALREADY_EXISTS");
    roles[name] = { name, members: [] };
    ctx.touch();
    return reply.code(201).send({ role: { name } });
  });

  app.get<{ Params: Params & { name: string } }>("/v1/roles/:name", async (req) => {
    const role = find(req.params.clusterId, req.params.name);
    return { role: { name: role.name }, members: role.members.map((principal) => ({ principal })) };
  });

  app.delete<{ Params: Params & { name: string } }>("/v1/roles/:name", async (req, reply) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const roles = rolesOf(dp);
    if (!roles[req.params.name]) throw notFound(`role ${req.params.name}`);
    delete roles[req.params.name];
    if ((req.query as Record<string, unknown>).delete_acls === "true") {
      const principal = `RedpandaRole:${req.params.name}`;
      dp.acls = dp.acls.filter((a) => a.principal !== principal);
    }
    ctx.touch();
    return reply.code(204).send();
  });
}
