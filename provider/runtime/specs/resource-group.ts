/** ResourceGroup's API calls; its inputs and change rules are in kinds/resource-group.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, resourceGroupKind } from "../../kinds/resource-group";
import type { ResourceGroupOutputs } from "../../kinds/resource-group";
import { getClients } from "../context";
import type { ResourceSpec } from "../lifecycle";

export const resourceGroup: ResourceSpec<typeof resourceGroupKind.fields, ResourceGroupOutputs> = {
  kind: resourceGroupKind,
  label: (i) => `resource group ${i.name}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) {
      const existing = await cp.getResourceGroup(i.adoptId);
      if (existing.name !== i.name) await cp.updateResourceGroup(existing.id, i.name);
      return { id: existing.id, outs: { ...i, id: existing.id } };
    }
    const { value } = await createOnce({
      describe: `resource group "${i.name}"`,
      create: () => cp.createResourceGroup(i.name),
      lookup: async () => (await cp.listResourceGroups(i.name)).find((g) => g.name === i.name),
      // A same-named group may be someone else's: only adopt it through adoptId.
      matches: () => false,
    });
    return { id: value.id, outs: { ...i, id: value.id } };
  },
  async read(id, props) {
    return fromApi(await getClients().controlPlane.getResourceGroup(id), props);
  },
  inputsOf: (o) => ({ name: o.name }),
  async update(id, _olds, news) {
    await getClients().controlPlane.updateResourceGroup(id, news.name);
    return { ...news, id };
  },
  async delete(id) {
    await getClients().controlPlane.deleteResourceGroup(id);
  },
};
