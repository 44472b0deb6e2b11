/** RoleAssignment: one member of a Redpanda role; every input replaces. */
import * as z from "zod";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl } from "../../declare/fields";
import { ROLE_NAME } from "../role/kind";

export const roleAssignmentKind = declareKind({
  type: "RoleAssignment",
  section: "data plane",
  order: 4,
  doc: "One member of a Redpanda role: a user or a group.",
  fields: {
    dataplaneApiUrl,
    roleName: { schema: ROLE_NAME, change: "replace", doc: "The role's name (`role.name`)" },
    principal: {
      schema: z
        .string()
        .regex(/^(User|Group):[^\s:]+$/, 'principal must be "User:<name>" or "Group:<name>"'),
      change: "replace",
      doc: "The member, `User:<name>` or `Group:<name>`",
    },
    adoptId: adoptId(
      "`<roleName>/<principal>`, to take over a membership that already exists instead of refusing it",
    ),
  },
  rules(v, ctx) {
    if (v.adoptId !== undefined && v.adoptId !== `${v.roleName}/${v.principal}`) {
      ctx.addIssue({
        code: "custom",
        path: ["adoptId"],
        message: "adoptId of a RoleAssignment is `<roleName>/<principal>`",
      });
    }
  },
  clusterKinds: "all",
  outputs: {},
});

export type RoleAssignmentInputs = InputsOf<typeof roleAssignmentKind.fields>;
export type RoleAssignmentOutputs = RoleAssignmentInputs & { id: string };

/** One membership, identified by the role and the member. */
export const assignmentId = (i: RoleAssignmentInputs) => `${i.roleName}/${i.principal}`;
