/**
 * A role on a scope, as the vendor's `RoleBinding` create body nests it in `ServiceAccountCreate` and
 * `UserInviteCreate`. One shape for both kinds; what a change does differs, so its words are given.
 */
import * as z from "zod";
import { SCOPE_RESOURCE_TYPES } from "../enums";

/** The binding schema, its docs saying what a change does (`replaces the resource`, …). */
export function scopedRoleBinding(change: string, what: string) {
  const changing = `Changing it ${change}.`;
  return z
    .object({
      roleName: z
        .string()
        .min(1)
        .describe(
          `A built-in role (Reader, Writer, Admin) or an OrganizationRole's name. ${changing}`,
        ),
      scope: z
        .object({
          resourceType: z
            .enum(SCOPE_RESOURCE_TYPES)
            .describe(`Kind of the scoped resource. ${changing}`),
          resourceId: z
            .string()
            .default("")
            .describe(`Id of the scoped resource; omit for the organization. ${changing}`),
        })
        .strict()
        .describe(`What the role applies to. ${changing}`),
    })
    .strict()
    .superRefine((b, ctx) => {
      if (b.scope.resourceType !== "SCOPE_RESOURCE_TYPE_ORGANIZATION" && !b.scope.resourceId)
        ctx.addIssue({
          code: "custom",
          path: ["scope", "resourceId"],
          message: `scope.resourceId is required for ${b.scope.resourceType}`,
        });
    })
    .describe(`${what} ${changing}`);
}
