/** An ACL: the flat tuple, the grouped list the API sends, and the create body. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../client/wire/dataplane";

export const aclSchema = z.object({
  resource_type: z.string(),
  resource_name: nullableString,
  resource_pattern_type: z.string(),
  principal: z.string(),
  host: z.string(),
  operation: z.string(),
  permission_type: z.string(),
});
export type Acl = z.infer<typeof aclSchema>;

export const aclListSchema = z.object({
  resources: z
    .array(
      z.object({
        resource_type: z.string(),
        resource_name: nullableString,
        resource_pattern_type: z.string(),
        acls: z.array(
          z.object({
            principal: z.string(),
            host: z.string(),
            operation: z.string(),
            permission_type: z.string(),
          }),
        ),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

export type AclCreate = DataPlane["schemas"]["CreateACLRequest"];
