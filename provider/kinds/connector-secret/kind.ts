/**
 * ConnectorSecret (Kafka Connect on BYOC and Dedicated): its data is stored as base64 of a JSON
 * object, updated in place, never read back; labels update in place (UpdateKafkaConnectSecretBody).
 */
import { z } from "zod";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { connectClusterName } from "../../declare/connect-cluster";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";

export const connectorSecretKind = declareKind({
  type: "ConnectorSecret",
  section: "data plane",
  order: 11,
  doc: "A Kafka Connect secret (BYOC and Dedicated clusters); reference it with `secretReference`.",
  fields: {
    dataplaneApiUrl,
    name: {
      schema: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[a-zA-Z0-9-_]+$/, "name may contain only letters, digits, '-' and '_'"),
      change: "replace",
      doc: "Secret name (the connector it serves), letters, digits, `-`, `_`",
    },
    secretData: {
      schema: z
        .record(z.string().min(1), z.string(), {
          message: "secretData must be an object of key → string value",
        })
        .refine((d) => Object.keys(d).length > 0, "secretData needs at least one key"),
      change: "update",
      secret: true,
      doc: "Key → value; stored as base64 of its JSON, kept secret in state, never read back",
    },
    labels: {
      schema: z.record(z.string(), z.string()).optional(),
      change: "update",
      doc: "Labels (string keys and values)",
    },
    connectClusterName,
    adoptId: adoptId(
      "Id of an existing secret to manage (its data is set to `secretData`) instead of creating one",
    ),
  },
  clusterKinds: "BYOC, Dedicated",
  outputs: { name: { schema: z.string(), doc: "The secret's name." } },
});

export type ConnectorSecretInputs = InputsOf<typeof connectorSecretKind.fields>;
export type ConnectorSecretOutputs = ConnectorSecretInputs & { id: string };
