/** RoleBinding: there is no update API, so every change replaces. */
import * as z from "zod";
import type { RoleBinding as ApiRoleBinding } from "./api";
import type { RoleBindingCreate } from "./api";
import { ROLE_NAMES, SCOPE_RESOURCE_TYPES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId } from "../../declare/fields";

export const roleBindingKind = declareKind({
  type: "RoleBinding",
  section: "organization access",
  order: 2,
  doc: "Grants a role to an account on a scope. There is no update API, so every change replaces.",
  fields: {
    roleName: {
      schema: z.string().min(1),
      change: "replace",
      doc: `The organization role: a built-in one (${ROLE_NAMES.join(", ")}) or an OrganizationRole's name`,
    },
    accountId: {
      schema: z.string().min(1),
      change: "replace",
      doc: "A user, service-account or group id",
    },
    scope: {
      schema: z
        .object({
          resourceType: z
            .enum(SCOPE_RESOURCE_TYPES)
            .describe("Kind of the scoped resource. Changing it replaces the resource."),
          resourceId: z
            .string()
            .default("")
            .describe(
              "Id of the scoped resource; omit for the organization. Changing it replaces the resource.",
            ),
        })
        .strict(),
      change: "replace",
      doc: "What the role applies to; `resourceId` may be omitted for the organization",
    },
    adoptId: adoptId("Id of an existing role binding to manage instead of creating one"),
  },
  rules(v, ctx) {
    if (v.scope.resourceType !== "SCOPE_RESOURCE_TYPE_ORGANIZATION" && !v.scope.resourceId) {
      ctx.addIssue({
        code: "custom",
        path: ["scope", "resourceId"],
        message: `scope.resourceId is required for ${v.scope.resourceType}`,
      });
    }
  },
  outputs: {
    roleName: { schema: z.string(), doc: "The granted role." },
    accountId: { schema: z.string(), doc: "The account the role is granted to." },
  },
});

export type RoleBindingInputs = InputsOf<typeof roleBindingKind.fields>;
export type RoleBindingOutputs = RoleBindingInputs & { id: string };

export function toApi(i: RoleBindingInputs): RoleBindingCreate {
  return {
    role_name: i.roleName,
    account_id: i.accountId,
    scope: { resource_type: i.scope.resourceType, resource_id: i.scope.resourceId },
  };
}

/**
 * The binding as the API has it: role, account and scope (read back, so an import holds every
 * input and its generated code previews with no change).
 */
export function fromApi(rb: ApiRoleBinding, props: RoleBindingOutputs): RoleBindingOutputs {
  return {
    ...props,
    id: rb.id,
    roleName: rb.role_name,
    accountId: rb.account_id,
    scope: {
      resourceType: rb.scope.resource_type as RoleBindingInputs["scope"]["resourceType"],
      resourceId: rb.scope.resource_id,
    },
  };
}
