/** ConnectorSecret's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { connectorSecretKind } from "./kind";
import type { ConnectorSecretOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { required } from "../../runtime/write-only";
import { underKindRule } from "../connector/kafka-connect";
import {
  createConnectSecret,
  deleteConnectSecret,
  getConnectSecret,
  updateConnectSecret,
} from "./api";

export const connectorSecret: ResourceSpec<
  typeof connectorSecretKind.fields,
  ConnectorSecretOutputs
> = {
  kind: connectorSecretKind,
  label: (i) => `connector secret ${i.name ?? i.adoptId ?? ""}`.trimEnd(),
  async create(i, ctx) {
    const name = required(i.name, "connector secret", "a new secret", "name");
    const data = required(i.secretData, `connector secret ${name}`, "a new secret", "secretData");
    const c = ctx.dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      const adopted = i.adoptId;
      await underKindRule(() =>
        updateConnectSecret(c, i.connectClusterName, adopted, data, i.labels),
      );
      return { id: adopted, outs: { ...i, id: adopted } };
    }
    const s = await underKindRule(() =>
      createConnectSecret(c, i.connectClusterName, name, data, i.labels),
    );
    return { id: s.id, outs: { ...i, id: s.id } };
  },
  async read(id, props, ctx) {
    const s = await getConnectSecret(ctx.dp(props.dataplaneApiUrl), props.connectClusterName, id);
    // The data is never returned: the state keeps what was written. Labels are read back only
    // when managed, so labels set elsewhere are not drift.
    return { ...props, id, ...(props.labels !== undefined ? { labels: s.labels ?? {} } : {}) };
  },
  inputsOf: (o) => (o.labels !== undefined ? { labels: o.labels } : {}),
  async update(id, _olds, news, ctx) {
    // UpdateKafkaConnectSecretBody requires the data: a label change needs it too.
    const data = required(news.secretData, `connector secret ${id}`, "an update", "secretData");
    await updateConnectSecret(
      ctx.dp(news.dataplaneApiUrl),
      news.connectClusterName,
      id,
      data,
      news.labels,
    );
    return { ...news, id };
  },
  async delete(id, props, ctx) {
    await deleteConnectSecret(ctx.dp(props.dataplaneApiUrl), props.connectClusterName, id);
  },
};
