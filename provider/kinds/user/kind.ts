/**
 * User: the password updates in place and is never read back, so it is write-only: an imported
 * user keeps its password until the program sets one; a new user needs one.
 */
import * as z from "zod";
import type { DpUser } from "./api";
import type { UserCreate } from "./api";
import { SASL_MECHANISMS } from "../../enums";
import type { SaslMechanism } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";

export const userKind = declareKind({
  type: "User",
  section: "data plane",
  order: 1,
  doc: "A SASL/SCRAM user of one cluster.",
  fields: {
    dataplaneApiUrl,
    name: { schema: z.string().min(1).max(128), change: "replace", doc: "SASL user name, 1–128" },
    password: {
      schema: z
        .string()
        .min(3, "password must be at least 3 characters")
        .max(128, "password must be at most 128 characters")
        .optional(),
      change: "update",
      secret: true,
      writeOnly: true,
      doc: "Password, 3–128; kept secret in state, never read back. Required to create a user; an imported user may leave it out and keeps its password until one is set",
    },
    mechanism: {
      schema: z.enum(SASL_MECHANISMS).default("SASL_MECHANISM_SCRAM_SHA_256"),
      change: "update",
      doc: "The SASL/SCRAM mechanism",
    },
    adoptId: adoptId(
      "Name of an existing user to manage (its password is set to `password`) instead of creating one",
    ),
  },
  clusterKinds: "all",
  outputs: {
    name: { schema: z.string(), doc: "The SASL user name." },
    mechanism: { schema: z.string(), doc: "The SASL/SCRAM mechanism." },
  },
});

export type UserInputs = InputsOf<typeof userKind.fields>;
export type UserOutputs = UserInputs & { id: string };

export function toApi(i: UserInputs): UserCreate {
  return { name: i.name, password: i.password, mechanism: i.mechanism };
}

/**
 * The state a read gives. A mechanism this package does not know yet (a newer API's) surfaces as
 * it is, so refresh shows it; only an empty one keeps the declared mechanism.
 */
export function fromApi(u: DpUser, props: UserOutputs): UserOutputs {
  const mechanism = u.mechanism ? (u.mechanism as SaslMechanism) : props.mechanism;
  return { ...props, id: u.name, name: u.name, mechanism };
}
