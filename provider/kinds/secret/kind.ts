/**
 * Secret: a data-plane secret (`/v1/secrets`), what pipelines reference as `${secrets.NAME}`. The
 * data, scopes and labels update in place; the data is never read back.
 */
import { z } from "zod";
import type { SecretCreate, SecretUpdate } from "./api";
import { SECRET_SCOPES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";

export const secretKind = declareKind({
  type: "Secret",
  section: "data plane",
  order: 9,
  doc: "A data-plane secret; a pipeline's config references it as `${secrets.NAME}`.",
  fields: {
    dataplaneApiUrl,
    name: {
      schema: z
        .string()
        .min(1)
        .max(255)
        .regex(
          /^[A-Z][A-Z0-9_]*$/,
          "name is upper case: a letter, then letters, digits and '_' (e.g. POSTGRES_PASSWORD)",
        ),
      change: "replace",
      doc: "Secret name (its id), upper case: a letter, then letters, digits, `_`",
    },
    secretData: {
      schema: z.string().min(1, "secretData must not be empty"),
      change: "update",
      secret: true,
      doc: "The secret's value; kept secret in state, never read back",
    },
    scopes: {
      schema: z
        .array(z.enum(SECRET_SCOPES))
        .min(1, "scopes must name at least one scope")
        .default(["SCOPE_REDPANDA_CONNECT"]),
      change: "update",
      doc: "What may read it",
    },
    labels: {
      schema: z.record(z.string(), z.string()).optional(),
      change: "update",
      doc: "Labels",
    },
    adoptId: adoptId(
      "Name of an existing secret to manage (its value is set to `secretData`) instead of creating one",
    ),
  },
  clusterKinds: "all",
  outputs: {
    name: { schema: z.string(), doc: "The secret's name, as `${secrets.NAME}` uses it." },
  },
});

export type SecretInputs = InputsOf<typeof secretKind.fields>;
export type SecretOutputs = SecretInputs & { id: string };

/** The update body: the value (it cannot be read, so it is always sent), scopes and labels. */
export function updateOf(i: SecretInputs): SecretUpdate & { secret_data: string } {
  return {
    secret_data: Buffer.from(i.secretData, "utf8").toString("base64"),
    scopes: i.scopes,
    labels: i.labels ?? {},
  };
}

export function toApi(i: SecretInputs): SecretCreate {
  return { id: i.name, ...updateOf(i) };
}
