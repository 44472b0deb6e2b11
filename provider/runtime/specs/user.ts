/** User's API calls; inputs and change rules (the password updates in place): kinds/user.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, toApi, userKind } from "../../kinds/user";
import type { UserOutputs } from "../../kinds/user";
import type { ResourceSpec } from "../lifecycle";
import { dp } from "./dataplane-common";

export const user: ResourceSpec<typeof userKind.fields, UserOutputs> = {
  kind: userKind,
  deleteBeforeReplace: true,
  label: (i) => `user ${i.name}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      // Taking over an existing user sets the declared password: the old one cannot be read.
      await c.updateUser(i.adoptId, i.password, i.mechanism);
      return { id: i.adoptId, outs: { ...i, id: i.adoptId, name: i.adoptId } };
    }
    await createOnce({
      describe: `user "${i.name}"`,
      create: () => c.createUser(toApi(i)),
      lookup: () => c.findUser(i.name),
      // The password cannot be compared, so an existing user is only ours through adoptId.
      matches: () => false,
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props) {
    const u = await dp(props.dataplaneApiUrl).readUser(id);
    return u ? fromApi(u, props) : undefined;
  },
  inputsOf: (o) => ({ mechanism: o.mechanism }),
  async update(id, _olds, news) {
    await dp(news.dataplaneApiUrl).updateUser(id, news.password, news.mechanism);
    return { ...news, id };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deleteUser(id);
  },
};
