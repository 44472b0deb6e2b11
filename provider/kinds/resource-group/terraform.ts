/** The vendor's Terraform resource `redpanda_resource_group` (v1.x, v2.x) and its bridged Pulumi type: a ResourceGroup, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const resourceGroupTerraform: TerraformMapping = {
  kind: "ResourceGroup",
  resourceType: "redpanda_resource_group",
  bridgedToken: "redpanda:index/resourceGroup:ResourceGroup",
  importId: (a) => a.text("id"),
};
