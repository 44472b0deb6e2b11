/**
 * ServiceAccount: name and description update in place; the client secret is shown once, and a
 * changed `rotateTrigger` rotates it.
 */
import { z } from "zod";
import type { ServiceAccount as ApiServiceAccount } from "../client/service-account";
import { declareKind } from "./declare";
import type { InputsOf } from "./declare";
import { adoptId } from "./fields";

export const serviceAccountKind = declareKind({
  type: "ServiceAccount",
  doc: "A service account with OAuth2 client credentials; `clientSecret` is secret in state.",
  fields: {
    name: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(/^[^<>]+$/, "name may not contain < or > (3 to 128 characters)"),
      change: "update",
      doc: "Name, 3–128 characters without `<` or `>`",
    },
    description: {
      schema: z.string().max(140).default(""),
      change: "update",
      doc: "Description, at most 140",
    },
    rotateTrigger: {
      schema: z.string().optional(),
      change: "update",
      doc: "Any value; a change rotates the client secret (`/rotate-secret`) and `clientSecret` becomes the new one",
    },
    adoptId: adoptId("Id of an existing service account to manage instead of creating one"),
  },
  outputs: {
    name: { type: "string", doc: "The account's name." },
    description: { type: "string", doc: "The account's description." },
    clientId: { type: "string", doc: "OAuth2 client id of the account's credentials." },
    clientSecret: {
      type: "string",
      doc: "Shown once by the API at creation; kept secret in state.",
      secret: true,
    },
  },
});

export type ServiceAccountInputs = InputsOf<typeof serviceAccountKind.fields>;
export type ServiceAccountOutputs = ServiceAccountInputs & {
  id: string;
  clientId: string;
  clientSecret: string;
};

/** The state a read gives. Reads never return the secret: the one written at creation stays. */
export function fromApi(
  sa: ApiServiceAccount,
  props: ServiceAccountOutputs,
): ServiceAccountOutputs {
  return {
    ...props,
    id: sa.id,
    name: sa.name,
    description: sa.description,
    clientId: sa.auth0_client_credentials?.client_id ?? props.clientId,
  };
}
