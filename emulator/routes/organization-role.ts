/**
 * Organization roles (`/v1/roles` on the control plane) and the permissions they are made of
 * (`/v1/permissions`). Built-in roles (Reader, Writer, Admin) are listed and cannot be changed or
 * deleted; a custom role holds permissions from the catalogue and is bindable by a role binding.
 * Deleting a custom role removes its bindings.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound, precondition } from "../errors";
import { paginate } from "../paging";
import type { OrgRoleRec, World } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, unwrap, updateMask } from "../validate";
import type { Json } from "../validate";
import { PERMISSIONS, ROLES, orgRolesOf } from "../domain/roles";

const BUILTIN_CREATED = "2024-01-01T00:00:00.000Z";
const builtinView = (name: string): Json => ({
  id: `builtin-${name.toLowerCase()}`,
  name,
  description: `Built-in ${name} role`,
  permissions: [],
  is_builtin: true,
  created_at: BUILTIN_CREATED,
  updated_at: BUILTIN_CREATED,
});
const view = (r: OrgRoleRec): Json => ({ ...r, is_builtin: false });

function findRole(ctx: EmulatorContext, id: string): OrgRoleRec {
  if (ROLES.some((n) => `builtin-${n.toLowerCase()}` === id))
    throw precondition("built-in roles cannot be modified or deleted", "REASON_ROLE_BUILTIN");
  const r = orgRolesOf(ctx.world)[id];
  if (!r) throw notFound(`role ${id}`, "REASON_RESOURCE_NOT_FOUND");
  return r;
}

function checkPermissions(check: Checker, body: Json): string[] {
  const list = check.strings(body, "permissions", { unique: true });
  list.forEach((p, i) => {
    if (!PERMISSIONS.includes(p))
      check.fail(`permissions[${i}]`, `unknown permission ${p} (see GET /v1/permissions)`);
  });
  return list;
}

function refuseTakenName(world: World, name: string, self?: string): void {
  if (
    ROLES.includes(name) ||
    Object.values(orgRolesOf(world)).some((r) => r.name === name && r.id !== self)
  )
    throw alreadyExists(`role ${name} already exists`, "REASON_RESOURCE_ALREADY_EXISTS");
}

export function registerOrganizationRoles(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/v1/permissions", async () => ({
    permissions: PERMISSIONS.map((name) => ({ name, description: "" })),
  }));

  app.get("/v1/roles", async (req) => {
    const q = req.query as Record<string, unknown>;
    const all = [
      ...ROLES.map(builtinView),
      ...Object.values(orgRolesOf(ctx.world))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(view),
    ].filter((r) => q["filter.name"] === undefined || r.name === q["filter.name"]);
    const { page, next_page_token } = paginate(all, q, 100);
    return { roles: page, next_page_token };
  });

  app.post("/v1/roles", async (req, reply) => {
    const body = unwrap(req.body, "role");
    const check = new Checker("role");
    const name = check.str(body, "name", { required: true }) as string;
    const description = check.str(body, "description") ?? "";
    const permissions = checkPermissions(check, body);
    check.done();
    refuseTakenName(ctx.world, name);
    const now = nowIso(ctx.now());
    const r: OrgRoleRec = {
      id: xid(),
      name,
      description,
      permissions,
      created_at: now,
      updated_at: now,
    };
    orgRolesOf(ctx.world)[r.id] = r;
    ctx.touch();
    return reply.code(201).send({ role: view(r) });
  });

  app.get<{ Params: { id: string } }>("/v1/roles/:id", async (req) => {
    const builtin = ROLES.find((n) => `builtin-${n.toLowerCase()}` === req.params.id);
    if (builtin) return { role: builtinView(builtin) };
    const r = orgRolesOf(ctx.world)[req.params.id];
    if (!r) throw notFound(`role ${req.params.id}`, "REASON_RESOURCE_NOT_FOUND");
    return { role: view(r) };
  });

  app.patch<{ Params: { id: string } }>("/v1/roles/:id", async (req) => {
    const r = findRole(ctx, req.params.id);
    const body = unwrap(req.body, "role");
    const mask = updateMask(req.body, body);
    const check = new Checker("role");
    const name = mask.includes("name") ? check.str(body, "name", { required: true }) : undefined;
    const description = mask.includes("description") ? check.str(body, "description") : undefined;
    const permissions = mask.includes("permissions") ? checkPermissions(check, body) : undefined;
    check.done();
    if (name !== undefined && name !== r.name) {
      refuseTakenName(ctx.world, name, r.id);
      // Bindings name the role: they follow the rename.
      for (const rb of Object.values(ctx.world.roleBindings))
        if (rb.role_name === r.name) rb.role_name = name;
      r.name = name;
    }
    if (mask.includes("description")) r.description = description ?? "";
    if (permissions !== undefined) r.permissions = permissions;
    r.updated_at = nowIso(ctx.now());
    ctx.touch();
    return { role: view(r) };
  });

  app.delete<{ Params: { id: string } }>("/v1/roles/:id", async (req, reply) => {
    const r = findRole(ctx, req.params.id);
    delete orgRolesOf(ctx.world)[r.id];
    for (const [id, rb] of Object.entries(ctx.world.roleBindings))
      if (rb.role_name === r.name) delete ctx.world.roleBindings[id];
    ctx.touch();
    return reply.code(204).send();
  });
}
