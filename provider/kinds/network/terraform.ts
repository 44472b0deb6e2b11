/** The vendor's Terraform resource `redpanda_network` (v1.x, v2.x) and its bridged Pulumi type: a Network, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const networkTerraform: TerraformMapping = {
  kind: "Network",
  resourceType: "redpanda_network",
  bridgedToken: "redpanda:index/network:Network",
  importId: (a) => a.text("id"),
};
