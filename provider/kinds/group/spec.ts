/** Group's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, groupKind, toApi } from "./kind";
import type { GroupOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from "./api";

export const group: ResourceSpec<typeof groupKind.fields, GroupOutputs> = {
  kind: groupKind,
  label: (i) => `group ${i.name}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) {
      const g = await getGroup(cp, i.adoptId);
      if (g.name !== i.name || g.description !== i.description)
        await updateGroup(cp, g.id, { name: i.name, description: i.description });
      return { id: g.id, outs: { ...i, id: g.id } };
    }
    const { value } = await createOnce({
      describe: `group "${i.name}"`,
      client: cp,
      create: (cp) => createGroup(cp, toApi(i)),
      lookup: async (cp) => (await listGroups(cp, i.name)).find((g) => g.name === i.name),
      // A same-named group may be someone else's: only adopt it through adoptId.
      matches: () => false,
    });
    return { id: value.id, outs: { ...i, id: value.id } };
  },
  async read(id, props, ctx) {
    return fromApi(await getGroup(ctx.clients.controlPlane, id), props);
  },
  inputsOf: (o) => ({ name: o.name, description: o.description }),
  async update(id, olds, news, ctx) {
    await updateGroup(ctx.clients.controlPlane, id, {
      name: news.name !== olds.name ? news.name : undefined,
      description: news.description !== olds.description ? news.description : undefined,
    });
    return { ...news, id };
  },
  async delete(id, _props, ctx) {
    await deleteGroup(ctx.clients.controlPlane, id);
  },
};
