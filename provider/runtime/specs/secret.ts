/** Secret's API calls; inputs and change rules: kinds/secret.ts. The data is never read back. */
import { createOnce } from "../../retry/create-once";
import { isNotFound } from "../../client/errors";
import { secretKind, toApi, updateOf } from "../../kinds/secret";
import type { SecretOutputs } from "../../kinds/secret";
import type { ResourceSpec } from "../lifecycle";
import { dp } from "./dataplane-common";

export const secret: ResourceSpec<typeof secretKind.fields, SecretOutputs> = {
  kind: secretKind,
  deleteBeforeReplace: true,
  label: (i) => `secret ${i.name}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      // Taking over sets the declared value: the old one cannot be read.
      await c.updateSecret(i.adoptId, updateOf(i));
      return { id: i.adoptId, outs: { ...i, id: i.adoptId, name: i.adoptId } };
    }
    await createOnce({
      describe: `secret "${i.name}"`,
      create: () => c.createSecret(toApi(i)),
      lookup: () =>
        c.getSecret(i.name).catch((err: unknown) => {
          if (isNotFound(err)) return undefined;
          throw err;
        }),
      // The value cannot be compared, so an existing secret is only ours through adoptId.
      matches: () => false,
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props) {
    try {
      const s = await dp(props.dataplaneApiUrl).getSecret(id);
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
  async update(id, _olds, news) {
    await dp(news.dataplaneApiUrl).updateSecret(id, updateOf(news));
    return { ...news, id };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deleteSecret(id);
  },
};
