/** Secret's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. The data is never read back. */
import { createOnce } from "../../retry/create-once";
import { isNotFound } from "../../errors";
import { secretKind, toApi, updateOf } from "./kind";
import type { SecretOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { createSecret, deleteSecret, getSecret, updateSecret } from "./api";

export const secret: ResourceSpec<typeof secretKind.fields, SecretOutputs> = {
  kind: secretKind,
  deleteBeforeReplace: true,
  label: (i) => `secret ${i.name}`,
  async create(i, ctx) {
    if (i.adoptId) {
      // Taking over sets the declared value, when there is one: the old one cannot be read.
      await updateSecret(ctx.dp(i.dataplaneApiUrl), i.adoptId, updateOf(i));
      return { id: i.adoptId, outs: { ...i, id: i.adoptId, name: i.adoptId } };
    }
    const body = toApi(i);
    const c = ctx.dp(i.dataplaneApiUrl);
    await createOnce({
      describe: `secret "${i.name}"`,
      client: c,
      create: (c) => createSecret(c, body),
      lookup: (c) =>
        getSecret(c, i.name).catch((err: unknown) => {
          if (isNotFound(err)) return undefined;
          throw err;
        }),
      // The value cannot be compared, so an existing secret is only ours through adoptId.
      matches: () => false,
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props, ctx) {
    try {
      const s = await getSecret(ctx.dp(props.dataplaneApiUrl), id);
      // Scopes and labels as the API has them; the value stays what was written.
      return {
        ...props,
        id,
        scopes: s.scopes as typeof props.scopes,
        ...(props.labels !== undefined ? { labels: s.labels } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  },
  inputsOf: (o) => ({ scopes: o.scopes, ...(o.labels !== undefined ? { labels: o.labels } : {}) }),
  async update(id, _olds, news, ctx) {
    await updateSecret(ctx.dp(news.dataplaneApiUrl), id, updateOf(news));
    return { ...news, id };
  },
  async delete(id, props, ctx) {
    await deleteSecret(ctx.dp(props.dataplaneApiUrl), id);
  },
};
