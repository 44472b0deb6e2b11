/**
 * Secret: a data-plane secret (`/v1/secrets`), what pipelines reference as `${secrets.NAME}`. The
 * data, scopes and labels update in place; the data is never read back.
 */
import * as z from "zod";
import type { SecretCreate, SecretUpdate } from "./api";
import { SECRET_SCOPES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";
import { required } from "../../runtime/write-only";

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
      schema: z.string().min(1, "secretData must not be empty").optional(),
      change: "update",
      secret: true,
      writeOnly: true,
      doc: "The secret's value; kept secret in state, never read back. Required to create a secret; an imported secret may leave it out and keeps its value until one is set",
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

/**
 * The update body: the value when the program sets it (it cannot be read, so it is always sent
 * then; without it the secret keeps the one it has, as UpdateSecretBody allows), scopes, labels.
 */
export function updateOf(i: SecretInputs): SecretUpdate {
  return {
    ...(i.secretData === undefined
      ? {}
      : { secret_data: Buffer.from(i.secretData, "utf8").toString("base64") }),
    scopes: i.scopes,
    labels: i.labels ?? {},
  };
}

/** The create body: a new secret needs its value (the check says so first). */
export function toApi(i: SecretInputs): SecretCreate {
  const value = required(i.secretData, `secret ${i.name}`, "a new secret", "secretData");
  return { id: i.name, ...updateOf(i), secret_data: Buffer.from(value, "utf8").toString("base64") };
}
