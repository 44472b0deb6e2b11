/** Group's API calls; inputs and change rules: kinds/group.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, groupKind, toApi } from "../../kinds/group";
import type { GroupOutputs } from "../../kinds/group";
import { getClients } from "../context";
import type { ResourceSpec } from "../lifecycle";

export const group: ResourceSpec<typeof groupKind.fields, GroupOutputs> = {
  kind: groupKind,
  label: (i) => `group ${i.name}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) {
      const g = await cp.getGroup(i.adoptId);
      if (g.name !== i.name || g.description !== i.description)
        await cp.updateGroup(g.id, { name: i.name, description: i.description });
      return { id: g.id, outs: { ...i, id: g.id } };
    }
    const { value } = await createOnce({
      describe: `group "${i.name}"`,
      create: () => cp.createGroup(toApi(i)),
      lookup: async () => (await cp.listGroups(i.name)).find((g) => g.name === i.name),
      // A same-named group may be someone else's: only adopt it through adoptId.
      matches: () => false,
    });
    return { id: value.id, outs: { ...i, id: value.id } };
  },
  async read(id, props) {
    return fromApi(await getClients().controlPlane.getGroup(id), props);
  },
  inputsOf: (o) => ({ name: o.name, description: o.description }),
  async update(id, olds, news) {
    await getClients().controlPlane.updateGroup(id, {
      name: news.name !== olds.name ? news.name : undefined,
      description: news.description !== olds.description ? news.description : undefined,
    });
    return { ...news, id };
  },
  async delete(id) {
    await getClients().controlPlane.deleteGroup(id);
  },
};
