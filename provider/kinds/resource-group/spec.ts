/** ResourceGroup's lifecycle (its requests: ./api.ts); its inputs and change rules are in ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, resourceGroupKind } from "./kind";
import type { ResourceGroupOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import {
  createResourceGroup,
  deleteResourceGroup,
  getResourceGroup,
  listResourceGroups,
  updateResourceGroup,
} from "./api";

export const resourceGroup: ResourceSpec<typeof resourceGroupKind.fields, ResourceGroupOutputs> = {
  kind: resourceGroupKind,
  label: (i) => `resource group ${i.name}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) {
      const existing = await getResourceGroup(cp, i.adoptId);
      if (existing.name !== i.name) await updateResourceGroup(cp, existing.id, i.name);
      return { id: existing.id, outs: { ...i, id: existing.id } };
    }
    const { value } = await createOnce({
      describe: `resource group "${i.name}"`,
      client: cp,
      create: (cp) => createResourceGroup(cp, i.name),
      lookup: async (cp) => (await listResourceGroups(cp, i.name)).find((g) => g.name === i.name),
      // A same-named group may be someone else's: only adopt it through adoptId.
      matches: () => false,
    });
    return { id: value.id, outs: { ...i, id: value.id } };
  },
  async read(id, props, ctx) {
    return fromApi(await getResourceGroup(ctx.clients.controlPlane, id), props);
  },
  inputsOf: (o) => ({ name: o.name }),
  async update(id, _olds, news, ctx) {
    await updateResourceGroup(ctx.clients.controlPlane, id, news.name);
    return { ...news, id };
  },
  async delete(id, _props, ctx) {
    await deleteResourceGroup(ctx.clients.controlPlane, id);
  },
};
