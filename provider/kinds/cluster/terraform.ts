/** The vendor's Terraform resource `redpanda_cluster` (v1.x, v2.x) and its bridged Pulumi type: a Cluster, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const clusterTerraform: TerraformMapping = {
  kind: "Cluster",
  resourceType: "redpanda_cluster",
  bridgedToken: "redpanda:index/cluster:Cluster",
  importId: (a) => a.text("id"),
};
