/**
 * ServiceAccount: name and description update in place; the client secret is shown once, and a
 * changed `rotateTrigger` rotates it. `roleBindings` are made with the account
 * (ServiceAccountCreate.role_bindings); ServiceAccountUpdate does not carry them, so a change
 * replaces the account.
 */
import * as z from "zod";
import type { ServiceAccount as ApiServiceAccount } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId } from "../../declare/fields";
import { scopedRoleBinding } from "../../declare/scoped-role-binding";

const binding = scopedRoleBinding(
  "replaces the resource",
  "A role the account gets at creation, on a scope.",
);

export const serviceAccountKind = declareKind({
  type: "ServiceAccount",
  section: "organization access",
  order: 1,
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
    roleBindings: {
      schema: z.array(binding).optional(),
      change: "replace",
      doc: "Roles granted with the account at its creation (`roleName`, `scope`); the update API does not carry them, so a change replaces the account (new credentials). Grant roles that change with separate `RoleBinding`s",
    },
    rotateTrigger: {
      schema: z.string().optional(),
      change: "update",
      doc: "Any value; a change rotates the client secret (`/rotate-secret`) and `clientSecret` becomes the new one",
    },
    adoptId: adoptId("Id of an existing service account to manage instead of creating one"),
  },
  outputs: {
    name: { schema: z.string(), doc: "The account's name." },
    description: { schema: z.string(), doc: "The account's description." },
    clientId: { schema: z.string(), doc: "OAuth2 client id of the account's credentials." },
    clientSecret: {
      schema: z.string(),
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

/** The create body's role bindings, as the wire spells them. */
export function bindingsToApi(
  b: ServiceAccountInputs["roleBindings"],
): { role_name: string; scope: { resource_type: string; resource_id: string } }[] | undefined {
  return b?.map((x) => ({
    role_name: x.roleName,
    scope: { resource_type: x.scope.resourceType, resource_id: x.scope.resourceId },
  }));
}
