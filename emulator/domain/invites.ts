/** Invitations to the organization: the table, the lookup, and a person accepting one. */
import type { EmulatorContext } from "../context";
import { notFound } from "../errors";
import type { UserInviteRec, World } from "./records";
import { nowIso, xid } from "./records";

/** The organization's pending invitations (absent in old state files: made on first use). */
export const invitesOf = (world: World): Record<string, UserInviteRec> =>
  (world.userInvites ??= {});

/** The pending invitation with this id, or NOT_FOUND. */
export function findInvite(ctx: EmulatorContext, id: string): UserInviteRec {
  const i = invitesOf(ctx.world)[id];
  if (!i) throw notFound(`user invite ${id}`, "REASON_RESOURCE_NOT_FOUND");
  return i;
}

/** The person accepted: the user joins with the invitation's bindings; the invitation is gone. */
export function acceptInvite(ctx: EmulatorContext, id: string): string {
  const inv = findInvite(ctx, id);
  const now = nowIso(ctx.now());
  const userId = xid();
  ctx.world.users[userId] = {
    id: userId,
    email: inv.email,
    name: inv.email.split("@")[0] ?? inv.email,
    created_at: now,
  };
  for (const b of inv.role_bindings) {
    const rbId = xid();
    ctx.world.roleBindings[rbId] = {
      id: rbId,
      role_name: b.role_name,
      account_id: userId,
      scope: b.scope,
      created_at: now,
      updated_at: now,
    };
  }
  delete invitesOf(ctx.world)[id];
  ctx.touch();
  return userId;
}
