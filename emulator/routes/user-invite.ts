/**
 * Invitations to the organization (`/v1/user-invites`): an email and the role bindings the user
 * gets on joining. Pending until accepted (the admin hook `/_admin/user-invites/{id}/accept` stands
 * in for the person clicking the link): then the user exists, the bindings are made and the
 * invitation is gone. Delete revokes a pending invitation.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { alreadyExists } from "../errors";
import { paginate } from "../paging";
import type { UserInviteRec, World } from "../domain/records";
import { nowIso, xid } from "../domain/records";
import { Checker, asObject, unwrap, updateMask } from "../validate";
import type { Json } from "../validate";
import { SCOPE_TYPES, roleExists } from "../domain/roles";
import { findInvite, invitesOf } from "../domain/invites";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** How long an invitation stays valid unless its expiry is changed. */
const VALID_MS = 7 * 24 * 3600 * 1000;

const view = (i: UserInviteRec, baseUrl: string): Json => ({
  ...i,
  invite_url: `${baseUrl}/invite/${i.id}`,
});

function checkBindings(world: World, check: Checker, raw: unknown): UserInviteRec["role_bindings"] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    check.fail("role_bindings", "value must be a list");
    return [];
  }
  return raw.map((item, i) => {
    const b = asObject(item);
    const at = new Checker(`user_invite.role_bindings[${i}]`);
    const role = at.str(b, "role_name", { required: true });
    if (role !== undefined && !roleExists(world, role)) at.fail("role_name", `no role ${role}`);
    const scope = asObject(b.scope);
    const type = at.str(scope, "resource_type", { required: true, oneOf: SCOPE_TYPES });
    const id = at.str(scope, "resource_id", {
      required: type !== undefined && type !== "SCOPE_RESOURCE_TYPE_ORGANIZATION",
    });
    check.violations.push(...at.violations);
    return {
      role_name: role ?? "",
      scope: { resource_type: type ?? "", resource_id: id ?? "" },
    };
  });
}

export function registerUserInvites(app: FastifyInstance, ctx: EmulatorContext): void {
  const baseUrl = ctx.baseUrl;
  app.get("/v1/user-invites", async (req) => {
    const q = req.query as Record<string, unknown>;
    const list = Object.values(invitesOf(ctx.world)).sort((a, b) => a.email.localeCompare(b.email));
    const { page, next_page_token } = paginate(list, q, 100);
    return { user_invites: page.map((i) => view(i, baseUrl())), next_page_token };
  });

  app.post("/v1/user-invites", async (req, reply) => {
    const body = unwrap(req.body, "user_invite");
    const check = new Checker("user_invite");
    const email = check.str(body, "email", { required: true, pattern: EMAIL }) as string;
    const bindings = checkBindings(ctx.world, check, body.role_bindings);
    check.done();
    const lower = email.toLowerCase();
    if (Object.values(ctx.world.users).some((u) => u.email.toLowerCase() === lower))
      throw alreadyExists(`${email} is already a member`, "REASON_USER_ALREADY_EXISTS");
    if (Object.values(invitesOf(ctx.world)).some((i) => i.email.toLowerCase() === lower))
      throw alreadyExists(
        `${email} already has a pending invite`,
        "REASON_RESOURCE_ALREADY_EXISTS",
      );
    const now = ctx.now();
    const inv: UserInviteRec = {
      id: xid(),
      email,
      role_bindings: bindings,
      created_at: nowIso(now),
      expires_at: nowIso(now + VALID_MS),
    };
    invitesOf(ctx.world)[inv.id] = inv;
    ctx.touch();
    return reply.code(201).send({ user_invite: view(inv, baseUrl()) });
  });

  app.get<{ Params: { id: string } }>("/v1/user-invites/:id", async (req) => ({
    user_invite: view(findInvite(ctx, req.params.id), baseUrl()),
  }));

  app.patch<{ Params: { id: string } }>("/v1/user-invites/:id", async (req) => {
    const inv = findInvite(ctx, req.params.id);
    const body = unwrap(req.body, "user_invite");
    const mask = updateMask(req.body, body);
    const check = new Checker("user_invite");
    const bindings = mask.includes("role_bindings")
      ? checkBindings(ctx.world, check, body.role_bindings)
      : undefined;
    const expires = mask.includes("expires_at") ? check.str(body, "expires_at") : undefined;
    if (expires !== undefined && Number.isNaN(Date.parse(expires)))
      check.fail("expires_at", "value must be an RFC 3339 timestamp");
    check.done();
    if (bindings !== undefined) inv.role_bindings = bindings;
    if (expires !== undefined) inv.expires_at = new Date(expires).toISOString();
    ctx.touch();
    return { user_invite: view(inv, baseUrl()) };
  });

  app.delete<{ Params: { id: string } }>("/v1/user-invites/:id", async (req, reply) => {
    findInvite(ctx, req.params.id);
    delete invitesOf(ctx.world)[req.params.id];
    ctx.touch();
    return reply.code(204).send();
  });
}
