/** Lookups of the organization's users (whom an invite makes), for programs (the package exports them; the plugin serves them as functions). */
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";

/** An organization user as {@link getUser} returns it. */
export interface OrganizationUserInfo {
  /** The object's id. */
  id: string;
  /** E-mail address. */
  email: string;
  /** Its name. */
  name: string;
}

/** An organization user by id. */
export async function getUser(id: string, ctx?: CallContext): Promise<OrganizationUserInfo> {
  const u = await lookupClients(ctx).controlPlane.getUser(id);
  return { id: u.id, email: u.email, name: u.name };
}

/**
 * The organization's users, optionally only those whose e-mail or name contains `filter`
 * (case-insensitive): the ids a `RoleBinding` or a `Group` membership needs.
 */
export async function getUsers(
  query: {
    /** Only users whose e-mail or name contains this text (case-insensitive). */
    filter?: string;
  } = {},
  ctx?: CallContext,
): Promise<OrganizationUserInfo[]> {
  const needle = query.filter?.toLowerCase();
  return (await lookupClients(ctx).controlPlane.listUsers())
    .filter(
      (u) =>
        !needle || u.email.toLowerCase().includes(needle) || u.name.toLowerCase().includes(needle),
    )
    .map((u) => ({ id: u.id, email: u.email, name: u.name }));
}
