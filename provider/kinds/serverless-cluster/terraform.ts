/** The vendor's Terraform resource `redpanda_serverless_cluster` (v1.x, v2.x) and its bridged Pulumi type: a ServerlessCluster, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const serverlessClusterTerraform: TerraformMapping = {
  kind: "ServerlessCluster",
  resourceType: "redpanda_serverless_cluster",
  bridgedToken: "redpanda:index/serverlessCluster:ServerlessCluster",
  importId: (a) => a.text("id"),
};
