/**
 * Role: a Redpanda role (data plane). Grant it ACLs with the principal `RedpandaRole:<name>` and
 * give it members with RoleAssignment. Only `deleteAcls` changes in place (it is what delete does).
 */
import * as z from "zod";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";

export const ROLE_NAME = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.-]+$/, "a role name may contain only letters, digits, '.', '_' and '-'");

export const roleKind = declareKind({
  type: "Role",
  section: "data plane",
  order: 3,
  doc: "A Redpanda role; ACLs grant it rights through the principal `RedpandaRole:<name>`.",
  fields: {
    dataplaneApiUrl,
    name: {
      schema: ROLE_NAME,
      change: "replace",
      doc: "Role name, 1–128 of letters, digits, `.`, `_`, `-`",
    },
    deleteAcls: {
      schema: z.boolean().default(false),
      change: "update",
      doc: "Whether deleting the role also deletes the ACLs whose principal is `RedpandaRole:<name>`",
    },
    adoptId: adoptId("Name of an existing role to manage instead of creating one"),
  },
  clusterKinds: "all",
  outputs: {
    name: { schema: z.string(), doc: "The role's name." },
    principal: { schema: z.string(), doc: "The role as an ACL principal, `RedpandaRole:<name>`." },
  },
});

export type RoleInputs = InputsOf<typeof roleKind.fields>;
export type RoleOutputs = RoleInputs & { id: string; principal: string };

export const principalOf = (name: string) => `RedpandaRole:${name}`;
