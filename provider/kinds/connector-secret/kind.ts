/**
 * ConnectorSecret (Kafka Connect on BYOC and Dedicated): its data is stored as base64 of a JSON
 * object, updated in place, never read back (so write-only: an imported secret keeps its data until
 * the program sets it); labels update in place with the data (UpdateKafkaConnectSecretBody).
 */
import * as z from "zod";
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
        .regex(/^[a-zA-Z0-9-_]+$/, "name may contain only letters, digits, '-' and '_'")
        .optional(),
      change: "replace",
      writeOnly: true,
      // The API answers a secret's id, never its name: an imported secret's name is unknown, so
      // the program's is taken as it is rather than read as a change.
      same: (old) => old === undefined,
      doc: "Secret name (the connector it serves), letters, digits, `-`, `_`. The API never returns it: required to create a secret; an imported secret may leave it out",
    },
    secretData: {
      schema: z
        .record(z.string().min(1), z.string(), {
          message: "secretData must be an object of key → string value",
        })
        .refine((d) => Object.keys(d).length > 0, "secretData needs at least one key")
        .optional(),
      change: "update",
      secret: true,
      writeOnly: true,
      doc: "Key → value; stored as base64 of its JSON, kept secret in state, never read back. Required to create a secret and to change its labels (the API updates both together); an imported secret may leave it out and keeps its data until it is set",
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
