/** Lookups of organization roles and the permissions they are made of, for programs (the package exports them; the plugin serves them as functions). */
import { idOf } from "../../declare/lookup";
import type { LookupKey } from "../../declare/lookup";
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import * as api from "./api";

/** An organization role as {@link getOrganizationRole} returns it. */
export interface OrganizationRoleInfo {
  /** The object's id. */
  id: string;
  /** Its name: what `RoleBinding.roleName` takes. */
  name: string;
  /** Its permissions (empty for built-in roles, which the API does not itemize). */
  permissions: string[];
  /** Whether it is built in (Reader, Writer, Admin): built-in roles cannot be changed. */
  builtin: boolean;
}

/** An organization role, built-in or custom, by id or by name. */
export async function getOrganizationRole(
  key: LookupKey,
  ctx?: CallContext,
): Promise<OrganizationRoleInfo> {
  const cp = lookupClients(ctx).controlPlane;
  const id = await idOf("organization role", key, (name) => api.listOrganizationRoles(cp, name));
  const r = await api.getOrganizationRole(cp, id);
  return { id: r.id, name: r.name, permissions: r.permissions, builtin: r.is_builtin ?? false };
}

/** A permission as {@link getPermissions} returns it. */
export interface PermissionInfo {
  /** The name an `OrganizationRole` lists, e.g. `iam_role_read`. */
  name: string;
  /** What it grants. */
  description: string;
}

/** The permissions custom organization roles can be made of. */
export async function getPermissions(ctx?: CallContext): Promise<PermissionInfo[]> {
  return (await lookupClients(ctx).controlPlane.listPermissions()).map((p) => ({
    name: p.name,
    description: p.description,
  }));
}
