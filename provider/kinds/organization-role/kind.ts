/**
 * OrganizationRole: a custom role of the organization (control plane `/v1/roles`), a set of
 * permissions from `/v1/permissions`; name, description and permissions update in place.
 */
import * as z from "zod";
import type { OrganizationRole as ApiRole, OrganizationRoleCreate } from "./api";
import { ROLE_NAMES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId } from "../../declare/fields";

export const organizationRoleKind = declareKind({
  type: "OrganizationRole",
  section: "organization access",
  order: 4,
  doc: "A custom organization role made of permissions (see `getPermissions`); `RoleBinding.roleName` may name it.",
  fields: {
    name: {
      schema: z
        .string()
        .min(1)
        .refine((n) => !(ROLE_NAMES as readonly string[]).includes(n), {
          message: `name may not be a built-in role (${ROLE_NAMES.join(", ")})`,
        }),
      change: "update",
      doc: "Name, unique in the organization and not a built-in role's; role bindings follow a rename",
    },
    description: { schema: z.string().default(""), change: "update", doc: "Description" },
    permissions: {
      schema: z
        .array(z.string().min(1))
        .min(1)
        .refine((p) => new Set(p).size === p.length, { message: "permissions must be unique" }),
      change: "update",
      doc: "Permission names from `getPermissions`, e.g. `iam_role_read`; the order is not significant",
    },
    adoptId: adoptId("Id of an existing custom role to manage instead of creating one"),
  },
  outputs: {
    name: { schema: z.string(), doc: "The role's name, for `RoleBinding.roleName`." },
    permissions: { schema: z.array(z.string()), doc: "The role's permissions." },
  },
});

export type OrganizationRoleInputs = InputsOf<typeof organizationRoleKind.fields>;
export type OrganizationRoleOutputs = OrganizationRoleInputs & { id: string };

export function toApi(i: OrganizationRoleInputs): OrganizationRoleCreate {
  return { name: i.name, description: i.description, permissions: i.permissions };
}

/**
 * The state a read gives: permissions in the program's order when they are the same set (an
 * import declares none: the API's).
 */
export function fromApi(r: ApiRole, props: OrganizationRoleOutputs): OrganizationRoleOutputs {
  const declared = props.permissions ?? [];
  const same =
    r.permissions.length === declared.length && r.permissions.every((p) => declared.includes(p));
  return {
    ...props,
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: same ? declared : r.permissions,
  };
}
