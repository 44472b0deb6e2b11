/** A role's members and a membership change, as the data-plane API sends them. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";

export const roleMemberSchema = z.object({ principal: nullableString });
export type RoleMember = z.infer<typeof roleMemberSchema>;

export const roleMembershipChangeSchema = z.object({
  added: z
    .array(roleMemberSchema)
    .nullish()
    .transform((v) => v ?? []),
  removed: z
    .array(roleMemberSchema)
    .nullish()
    .transform((v) => v ?? []),
});
