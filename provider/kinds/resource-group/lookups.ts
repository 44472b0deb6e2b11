/** Lookups of resource groups, for programs (the package exports them; the plugin serves them as functions). */
import { idOf } from "../../declare/lookup";
import type { LookupKey } from "../../declare/lookup";
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import * as api from "./api";

/** A resource group as {@link getResourceGroup} returns it. */
export interface ResourceGroupInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
}

/** A resource group by id or by name: `getResourceGroup({ name: "prod" })`. */
export async function getResourceGroup(
  key: LookupKey,
  ctx?: CallContext,
): Promise<ResourceGroupInfo> {
  const cp = lookupClients(ctx).controlPlane;
  const id = await idOf("resource group", key, (name) => api.listResourceGroups(cp, name));
  const rg = await api.getResourceGroup(cp, id);
  return { id: rg.id, name: rg.name };
}
