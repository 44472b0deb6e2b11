/** User's lifecycle (its requests: ./api.ts); inputs and change rules (the password updates in place): ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, toApi, userKind } from "./kind";
import type { UserOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { required } from "../../runtime/write-only";
import { createUser, deleteUser, findUser, readUser, updateUser } from "./api";

export const user: ResourceSpec<typeof userKind.fields, UserOutputs> = {
  kind: userKind,
  deleteBeforeReplace: true,
  label: (i) => `user ${i.name}`,
  async create(i, ctx) {
    // The check asks a new user for its password; a replacement of an imported one may lack it.
    const password = required(i.password, `user ${i.name}`, "a new user");
    const c = ctx.dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      // Taking over an existing user sets the declared password: the old one cannot be read.
      await updateUser(c, i.adoptId, password, i.mechanism);
      return { id: i.adoptId, outs: { ...i, id: i.adoptId, name: i.adoptId } };
    }
    await createOnce({
      describe: `user "${i.name}"`,
      client: c,
      create: (c) => createUser(c, toApi({ ...i, password })),
      lookup: (c) => findUser(c, i.name),
      // The password cannot be compared, so an existing user is only ours through adoptId.
      matches: () => false,
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props, ctx) {
    const u = await readUser(ctx.dp(props.dataplaneApiUrl), id);
    return u ? fromApi(u, props) : undefined;
  },
  inputsOf: (o) => ({ mechanism: o.mechanism }),
  async update(id, _olds, news, ctx) {
    // The API sets the mechanism with the password (SCRAM credentials derive from it).
    const password = required(news.password, `user ${id}`, "a new mechanism");
    await updateUser(ctx.dp(news.dataplaneApiUrl), id, password, news.mechanism);
    return { ...news, id };
  },
  async delete(id, props, ctx) {
    await deleteUser(ctx.dp(props.dataplaneApiUrl), id);
  },
};
