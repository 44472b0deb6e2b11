/** ResourceGroup: `name` renames in place (a PATCH), as Terraform learned in 4034e0f. */
import { z } from "zod";
import { createOnce } from "../../client/create";
import { getClients } from "../context";
import { adoptId } from "../common";
import type { ResourceSpec } from "../lifecycle";

const inputs = z.object({
  name: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-zA-Z0-9-]+$/, "name may contain only letters, digits and hyphens (at most 253)"),
  adoptId,
});
type In = z.infer<typeof inputs>;
type Out = In & { id: string };

export const resourceGroup: ResourceSpec<In, Out> = {
  type: "ResourceGroup",
  inputs,
  replaceOn: [],
  ignore: ["adoptId"],
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
    const g = await getClients().controlPlane.getResourceGroup(id);
    return { ...props, id, name: g.name };
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
