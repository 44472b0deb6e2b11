/** The vendor's Terraform resource `redpanda_role` (v1.x, v2.x) and its bridged Pulumi type: a Role on its cluster's data-plane API, by name. */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane } from "../../declare/terraform";

export const roleTerraform: TerraformMapping = {
  kind: "Role",
  resourceType: "redpanda_role",
  bridgedToken: "redpanda:index/role:Role",
  importId: (a) => onDataPlane(a, a.text("name")),
};
