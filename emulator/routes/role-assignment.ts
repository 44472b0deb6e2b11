/**
 * A role's members (`/v1/roles/{role_name}/members`, and the role's PUT with `add`/`remove`): what
 * RoleAssignment manages, one member at a time.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { invalid, notFound } from "../errors";
import { paginate } from "../paging";
import { asObject } from "../validate";
import { ROLE_NAME, rolesOf } from "../domain/redpanda-roles";

type Params = { clusterId: string };
/** The principals a role can hold: users and groups (the vendor's RoleMembership). */
const MEMBER = /^(User|Group):[^\s:]+$/;

function members(raw: unknown, field: string): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw invalid([{ field, description: "must be a list" }]);
  return raw.map((m, i) => {
    const principal = asObject(m).principal;
    if (typeof principal !== "string" || !MEMBER.test(principal)) {
      throw invalid([
        {
          field: `${field}[${i}].principal`,
          description: 'must be "User:<name>" or "Group:<name>"',
        },
      ]);
    }
    return principal;
  });
}

export function registerRoleMembers(app: FastifyInstance, ctx: EmulatorContext): void {
  const find = (clusterId: string, name: string) => {
    const role = rolesOf(dataplaneFor(ctx, clusterId).dp)[name];
    if (!role) throw notFound(`role ${name}`);
    return role;
  };

  app.get<{ Params: Params & { name: string } }>("/v1/roles/:name/members", async (req) => {
    const role = find(req.params.clusterId, req.params.name);
    const q = req.query as Record<string, unknown>;
    const list = role.members
      .filter((m) => m.includes(String(q["filter.name_contains"] ?? "")))
      .map((principal) => ({ principal }));
    const { page, next_page_token } = paginate(list, q, 1000, 100);
    return { role_name: role.name, members: page, next_page_token };
  });

  // Membership changes; `create: true` makes the role first when it does not exist.
  app.put<{ Params: Params & { name: string } }>("/v1/roles/:name", async (req) => {
    const roles = rolesOf(dataplaneFor(ctx, req.params.clusterId).dp);
    const body = asObject(req.body);
    const add = members(body.add, "add");
    const remove = members(body.remove, "remove");
    let role = roles[req.params.name];
    if (!role) {
      if (body.create !== true) throw notFound(`role ${req.params.name}`);
      if (!ROLE_NAME.test(req.params.name)) {
        throw invalid([{ field: "role_name", description: "letters, digits, '.', '_', '-'" }]);
      }
      role = roles[req.params.name] = { name: req.params.name, members: [] };
    }
    const added = add.filter((m) => !role.members.includes(m));
    const removed = remove.filter((m) => role.members.includes(m));
    role.members = [...role.members.filter((m) => !removed.includes(m)), ...added];
    ctx.touch();
    return {
      role_name: role.name,
      added: added.map((principal) => ({ principal })),
      removed: removed.map((principal) => ({ principal })),
    };
  });
}
