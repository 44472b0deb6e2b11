/** The vendor's Terraform resource `redpanda_service_account` (v2.x) and its bridged Pulumi type: a ServiceAccount, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const serviceAccountTerraform: TerraformMapping = {
  kind: "ServiceAccount",
  resourceType: "redpanda_service_account",
  bridgedToken: "redpanda:index/serviceAccount:ServiceAccount",
  importId: (a) => a.text("id"),
};
