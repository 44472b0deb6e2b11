/** The lookup of organization groups, for programs (the package exports it; the plugin serves it as a function). */
import { idOf } from "../../declare/lookup";
import type { LookupKey } from "../../declare/lookup";
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import * as api from "./api";

/** An organization group as {@link getGroup} returns it. */
export interface GroupInfo {
  /** The object's id: what `RoleBinding.accountId` takes. */
  id: string;
  /** Its name. */
  name: string;
  /** Its description. */
  description: string;
}

/** An organization group by id or by name (e.g. one your identity provider keeps in sync). */
export async function getGroup(key: LookupKey, ctx?: CallContext): Promise<GroupInfo> {
  const cp = lookupClients(ctx).controlPlane;
  const id = await idOf("group", key, (name) => api.listGroups(cp, name));
  const g = await api.getGroup(cp, id);
  return { id: g.id, name: g.name, description: g.description };
}
