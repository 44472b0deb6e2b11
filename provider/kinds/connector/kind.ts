/** Connector (Kafka Connect on BYOC and Dedicated): config updates in place; `restartTrigger` restarts it. */
import * as z from "zod";
import type { Connector as ApiConnector } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { connectClusterName } from "../../declare/connect-cluster";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";

export const connectorKind = declareKind({
  type: "Connector",
  section: "data plane",
  order: 12,
  doc: "A Kafka Connect connector (BYOC and Dedicated clusters only).",
  fields: {
    dataplaneApiUrl,
    name: { schema: z.string().min(1).max(255), change: "replace", doc: "Connector name" },
    config: {
      schema: z
        .record(z.string(), z.string(), { message: "config must be an object of string → string" })
        .refine(
          (cfg) => typeof cfg["connector.class"] === "string" && cfg["connector.class"] !== "",
          "config needs connector.class",
        ),
      change: "update",
      doc: "Connector config, string → string; needs `connector.class`",
    },
    connectClusterName,
    restartTrigger: {
      schema: z.string().optional(),
      change: "update",
      doc: "Any value; a change restarts the connector (a declarative restart)",
    },
    restartIncludeTasks: {
      schema: z.boolean().default(true),
      change: "none",
      doc: "Whether a restart restarts the tasks too",
    },
    restartOnlyFailed: {
      schema: z.boolean().default(false),
      change: "none",
      doc: "Whether a restart restarts only failed instances",
    },
    adoptId: adoptId(
      "Name of an existing connector to manage (its config is set to `config`) instead of creating one",
    ),
  },
  clusterKinds: "BYOC, Dedicated",
  outputs: {
    name: { schema: z.string(), doc: "The connector's name." },
    type: { schema: z.string(), doc: "`source` or `sink`, as the connector's plugin reports it." },
    config: {
      schema: z.record(z.string(), z.string()),
      doc: "The connector's configuration as declared (secret references, not secrets).",
    },
  },
});

export type ConnectorInputs = InputsOf<typeof connectorKind.fields>;
export type ConnectorOutputs = ConnectorInputs & { id: string; type: string };

/** A connector's config as a user declares it: the API echoes `name` inside config. */
export function declaredConfigOf(conn: ApiConnector): Record<string, string> {
  return Object.fromEntries(Object.entries(conn.config).filter(([k]) => k !== "name"));
}

/** The state a read gives. */
export function fromApi(conn: ApiConnector, props: ConnectorOutputs): ConnectorOutputs {
  return { ...props, config: declaredConfigOf(conn), type: conn.type };
}
