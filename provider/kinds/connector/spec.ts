/** Connector's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { equal } from "../../equal";
import { connectorKind, declaredConfigOf, fromApi } from "./kind";
import type { ConnectorOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { underKindRule } from "./kafka-connect";
import {
  createConnector,
  deleteConnector,
  getConnector,
  putConnectorConfig,
  restartConnector,
} from "./api";

export const connector: ResourceSpec<typeof connectorKind.fields, ConnectorOutputs> = {
  kind: connectorKind,
  deleteBeforeReplace: true,
  label: (i) => `connector ${i.name}`,
  async create(i, ctx) {
    const c = ctx.dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      const adopted = i.adoptId;
      const conn = await underKindRule(() =>
        putConnectorConfig(c, i.connectClusterName, adopted, i.config),
      );
      return { id: adopted, outs: { ...i, id: adopted, type: conn.type } };
    }
    const { value } = await underKindRule(() =>
      createOnce({
        describe: `connector "${i.name}"`,
        client: c,
        create: (c) => createConnector(c, i.connectClusterName, i.name, i.config),
        lookup: (c) => getConnector(c, i.connectClusterName, i.name).catch(() => undefined),
        // A connector of that name is taken over only when its config is exactly what this
        // resource declares: what a create whose answer was lost (a killed run) leaves behind.
        // Anything else is not ours to take silently: the refusal points at adoptId.
        matches: (found) => equal(declaredConfigOf(found), i.config),
      }),
    );
    return { id: i.name, outs: { ...i, id: i.name, type: value.type } };
  },
  async read(id, props, ctx) {
    const conn = await getConnector(ctx.dp(props.dataplaneApiUrl), props.connectClusterName, id);
    return fromApi(conn, { ...props, id });
  },
  inputsOf: (o) => ({ config: o.config }),
  async update(id, olds, news, ctx) {
    const c = ctx.dp(news.dataplaneApiUrl);
    let type = olds.type;
    if (!equal(olds.config, news.config)) {
      type = (await putConnectorConfig(c, news.connectClusterName, id, news.config)).type;
    }
    if (news.restartTrigger !== undefined && news.restartTrigger !== olds.restartTrigger) {
      await restartConnector(c, news.connectClusterName, id, {
        includeTasks: news.restartIncludeTasks,
        onlyFailed: news.restartOnlyFailed,
      });
    }
    return { ...news, id, type };
  },
  async delete(id, props, ctx) {
    await deleteConnector(ctx.dp(props.dataplaneApiUrl), props.connectClusterName, id);
  },
};
