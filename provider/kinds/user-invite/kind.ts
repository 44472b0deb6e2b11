/**
 * UserInvite: an invitation to the organization by email, with the role bindings the person gets
 * on joining. The bindings update in place while the invitation is pending; deleting it revokes a
 * pending invitation. Once accepted the invitation is gone from the API: a read then finds the
 * user by email and reports `accepted` and `userId` instead of dropping the resource.
 */
import * as z from "zod";
import type { UserInvite as ApiInvite, UserInviteCreate } from "./api";
import type { SCOPE_RESOURCE_TYPES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId } from "../../declare/fields";
import { scopedRoleBinding } from "../../declare/scoped-role-binding";

const inviteBinding = scopedRoleBinding(
  "updates in place",
  "A role the invited person gets on joining, on a scope.",
);

export const userInviteKind = declareKind({
  type: "UserInvite",
  section: "organization access",
  order: 5,
  doc: "An invitation to the organization by email; the person gets `roleBindings` on joining.",
  fields: {
    email: {
      schema: z.string().email("email must be an email address"),
      change: "replace",
      doc: "Email address to invite",
    },
    roleBindings: {
      schema: z.array(inviteBinding).default([]),
      change: "update",
      doc: "Roles granted on joining, each `{ roleName, scope }`; they update while the invitation is pending",
      publicType: "UserInviteRoleBindingArgs[]",
    },
    adoptId: adoptId("Id of an existing pending invitation to manage instead of creating one"),
  },
  types: { UserInviteRoleBindingArgs: inviteBinding },
  outputs: {
    email: { schema: z.string(), doc: "The invited address." },
    inviteUrl: { schema: z.string(), doc: "The link the invitation sends.", secret: true },
    expiresAt: { schema: z.string(), doc: "When a pending invitation expires (RFC 3339)." },
    accepted: {
      schema: z.boolean(),
      doc: "Whether the person has joined (the invitation is then gone).",
    },
    userId: { schema: z.string(), doc: "The organization user's id once accepted, else empty." },
  },
});

export type UserInviteInputs = InputsOf<typeof userInviteKind.fields>;
export type UserInviteComputed = {
  id: string;
  inviteUrl: string;
  expiresAt: string;
  accepted: boolean;
  userId: string;
};
export type UserInviteOutputs = UserInviteInputs & UserInviteComputed;

export function toApi(i: UserInviteInputs): UserInviteCreate {
  return {
    email: i.email,
    role_bindings: bindingsToApi(i.roleBindings),
  };
}

export function bindingsToApi(
  b: UserInviteInputs["roleBindings"],
): UserInviteCreate["role_bindings"] {
  return b.map((r) => ({
    role_name: r.roleName,
    scope: { resource_type: r.scope.resourceType, resource_id: r.scope.resourceId },
  }));
}

export function computedOf(inv: ApiInvite): UserInviteComputed {
  return {
    id: inv.id,
    inviteUrl: inv.invite_url,
    expiresAt: inv.expires_at,
    accepted: false,
    userId: "",
  };
}

/** The state a read of a pending invitation gives. */
export function fromApi(inv: ApiInvite, props: UserInviteOutputs): UserInviteOutputs {
  return {
    ...props,
    ...computedOf(inv),
    email: inv.email,
    roleBindings: inv.role_bindings.map((b) => ({
      roleName: b.role_name,
      scope: {
        resourceType: (b.scope?.resource_type ??
          "SCOPE_RESOURCE_TYPE_ORGANIZATION") as (typeof SCOPE_RESOURCE_TYPES)[number],
        resourceId: b.scope?.resource_id ?? "",
      },
    })),
  };
}
