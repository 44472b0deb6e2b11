/** A Serverless private link: the record the API sends, and the create and update bodies. */
import { z } from "zod";
import { nullableString, stringList } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

export const serverlessPrivateLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: nullableString,
  serverless_region: nullableString,
  state: z.string(),
  aws_config: z.object({ allowed_principals: stringList }).nullish(),
  status: z
    .object({
      aws: z
        .object({ vpc_endpoint_service_name: nullableString, availability_zones: stringList })
        .nullish(),
    })
    .nullish(),
});
export type ServerlessPrivateLink = z.infer<typeof serverlessPrivateLinkSchema>;

export type ServerlessPrivateLinkCreate = ControlPlane["schemas"]["ServerlessPrivateLinkCreate"];
export type ServerlessPrivateLinkUpdate =
  ControlPlane["schemas"]["UpdateServerlessPrivateLinkBody"];
