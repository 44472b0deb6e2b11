/**
 * UserInvite's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. An accepted invitation is
 * gone from the API but not from the organization: the read finds the user by email and keeps the
 * resource (accepted), and its delete then has nothing to revoke.
 */
import { createOnce } from "../../retry/create-once";
import { RedpandaError, isNotFound } from "../../errors";
import { equal } from "../../equal";
import { bindingsToApi, computedOf, fromApi, toApi, userInviteKind } from "./kind";
import type { UserInviteOutputs } from "./kind";
import type { CallContext } from "../../runtime/context";
import type { ResourceSpec } from "../../runtime/lifecycle";
import {
  createUserInvite,
  deleteUserInvite,
  getUserInvite,
  listUserInvites,
  updateUserInvite,
} from "./api";

/** The organization user who joined with this email, if any. */
async function memberByEmail(ctx: CallContext, email: string): Promise<string | undefined> {
  const lower = email.toLowerCase();
  return (await ctx.clients.controlPlane.listUsers()).find((u) => u.email.toLowerCase() === lower)
    ?.id;
}

export const userInvite: ResourceSpec<typeof userInviteKind.fields, UserInviteOutputs> = {
  kind: userInviteKind,
  label: (i) => `invitation of ${i.email}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) {
      const inv = await getUserInvite(cp, i.adoptId);
      const adopted = { ...i, ...computedOf(inv) };
      if (!equal(fromApi(inv, adopted).roleBindings, i.roleBindings))
        await updateUserInvite(cp, inv.id, { role_bindings: bindingsToApi(i.roleBindings) });
      return { id: inv.id, outs: adopted };
    }
    const lower = i.email.toLowerCase();
    const { value } = await createOnce({
      describe: `invitation of ${i.email}`,
      client: cp,
      create: (cp) => createUserInvite(cp, toApi(i)),
      lookup: async (cp) =>
        (await listUserInvites(cp)).find((inv) => inv.email.toLowerCase() === lower),
      // A pending invitation of the same person with the same roles is the one a lost answer made.
      matches: (inv) =>
        equal(fromApi(inv, { ...i, ...computedOf(inv) }).roleBindings, i.roleBindings),
    });
    return { id: value.id, outs: { ...i, ...computedOf(value) } };
  },
  async read(id, props, ctx) {
    try {
      return fromApi(await getUserInvite(ctx.clients.controlPlane, id), props);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // Accepted (the person is a member now) or revoked/expired (gone).
      const userId = props.accepted ? props.userId : await memberByEmail(ctx, props.email);
      if (!userId) return undefined;
      return { ...props, accepted: true, userId, inviteUrl: "" };
    }
  },
  inputsOf: (o) => (o.accepted ? {} : { email: o.email, roleBindings: o.roleBindings }),
  async update(id, olds, news, ctx) {
    if (olds.accepted) {
      throw new RedpandaError(
        `the invitation of ${olds.email} was accepted (user ${olds.userId}); its role bindings no longer apply: grant roles with RoleBinding (accountId ${olds.userId})`,
      );
    }
    const inv = await updateUserInvite(ctx.clients.controlPlane, id, {
      role_bindings: bindingsToApi(news.roleBindings),
    });
    return { ...news, ...computedOf(inv) };
  },
  async delete(id, props, ctx) {
    // Nothing to revoke once accepted: the member stays (removing members is not this resource's).
    if (props.accepted) return;
    await deleteUserInvite(ctx.clients.controlPlane, id);
  },
};
