/** The vendor's Terraform resource `redpanda_serverless_private_link` (v1.x, v2.x) and its bridged Pulumi type: a ServerlessPrivateLink, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const serverlessPrivateLinkTerraform: TerraformMapping = {
  kind: "ServerlessPrivateLink",
  resourceType: "redpanda_serverless_private_link",
  bridgedToken: "redpanda:index/serverlessPrivateLink:ServerlessPrivateLink",
  importId: (a) => a.text("id"),
};
