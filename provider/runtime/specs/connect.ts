/**
 * Kafka Connect on BYOC and Dedicated clusters: ConnectorSecret (secret data as base64 of a JSON
 * object, updated in place, never read back) and Connector (config updated in place; changing
 * `restartTrigger` restarts it).
 */
import { z } from "zod";
import { createOnce } from "../../client/create";
import { adoptId, dataplaneApiUrl } from "../common";
import type { ResourceSpec } from "../lifecycle";
import { dp, underKindRule } from "./dataplane-common";

const clusterName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-zA-Z0-9-_]+$/)
  .default("redpanda");

const secretInputs = z.object({
  dataplaneApiUrl,
  name: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[a-zA-Z0-9-_]+$/, "name may contain only letters, digits, '-' and '_'"),
  secretData: z
    .record(z.string().min(1), z.string(), {
      message: "secretData must be an object of key → string value",
    })
    .refine((d) => Object.keys(d).length > 0, "secretData needs at least one key"),
  connectClusterName: clusterName,
  adoptId,
});
type SecretIn = z.infer<typeof secretInputs>;
type SecretOut = SecretIn & { id: string };

export const connectorSecret: ResourceSpec<SecretIn, SecretOut> = {
  type: "ConnectorSecret",
  inputs: secretInputs,
  replaceOn: ["dataplaneApiUrl", "name", "connectClusterName"],
  secrets: ["secretData"],
  ignore: ["adoptId"],
  label: (i) => `connector secret ${i.name}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      await underKindRule("connectors", () =>
        c.updateConnectSecret(i.connectClusterName, i.adoptId as string, i.secretData),
      );
      return { id: i.adoptId, outs: { ...i, id: i.adoptId } };
    }
    const s = await underKindRule("connectors", () =>
      c.createConnectSecret(i.connectClusterName, i.name, i.secretData),
    );
    return { id: s.id, outs: { ...i, id: s.id } };
  },
  async read(id, props) {
    await dp(props.dataplaneApiUrl).getConnectSecret(props.connectClusterName, id);
    // The data is never returned: the state keeps what was written.
    return { ...props, id };
  },
  async update(id, _olds, news) {
    await dp(news.dataplaneApiUrl).updateConnectSecret(
      news.connectClusterName,
      id,
      news.secretData,
    );
    return { ...news, id };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deleteConnectSecret(props.connectClusterName, id);
  },
};

const connectorInputs = z.object({
  dataplaneApiUrl,
  name: z.string().min(1).max(255),
  config: z
    .record(z.string(), z.string(), { message: "config must be an object of string → string" })
    .refine(
      (cfg) => typeof cfg["connector.class"] === "string" && cfg["connector.class"] !== "",
      "config needs connector.class",
    ),
  connectClusterName: clusterName,
  /** Any value; changing it restarts the connector. */
  restartTrigger: z.string().optional(),
  restartIncludeTasks: z.boolean().default(true),
  restartOnlyFailed: z.boolean().default(false),
  adoptId,
});
type ConnIn = z.infer<typeof connectorInputs>;
type ConnOut = ConnIn & { id: string; type: string };

export const connector: ResourceSpec<ConnIn, ConnOut> = {
  type: "Connector",
  inputs: connectorInputs,
  replaceOn: ["dataplaneApiUrl", "name", "connectClusterName"],
  ignore: ["adoptId", "restartIncludeTasks", "restartOnlyFailed"],
  deleteBeforeReplace: true,
  label: (i) => `connector ${i.name}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      const conn = await underKindRule("connectors", () =>
        c.putConnectorConfig(i.connectClusterName, i.adoptId as string, i.config),
      );
      return { id: i.adoptId, outs: { ...i, id: i.adoptId, type: conn.type } };
    }
    const { value } = await underKindRule("connectors", () =>
      createOnce({
        describe: `connector "${i.name}"`,
        create: () => c.createConnector(i.connectClusterName, i.name, i.config),
        lookup: () => c.getConnector(i.connectClusterName, i.name).catch(() => undefined),
        matches: () => false,
      }),
    );
    return { id: i.name, outs: { ...i, id: i.name, type: value.type } };
  },
  async read(id, props) {
    const conn = await dp(props.dataplaneApiUrl).getConnector(props.connectClusterName, id);
    // The API echoes `name` inside config; it is not part of what the user declares.
    const config = Object.fromEntries(Object.entries(conn.config).filter(([k]) => k !== "name"));
    return { ...props, id, config, type: conn.type };
  },
  inputsOf: (o) => ({ config: o.config }),
  async update(id, olds, news) {
    const c = dp(news.dataplaneApiUrl);
    let type = olds.type;
    if (JSON.stringify(olds.config) !== JSON.stringify(news.config)) {
      type = (await c.putConnectorConfig(news.connectClusterName, id, news.config)).type;
    }
    if (news.restartTrigger !== undefined && news.restartTrigger !== olds.restartTrigger) {
      await c.restartConnector(news.connectClusterName, id, {
        includeTasks: news.restartIncludeTasks,
        onlyFailed: news.restartOnlyFailed,
      });
    }
    return { ...news, id, type };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deleteConnector(props.connectClusterName, id);
  },
};
