/**
 * The vendor's Terraform resource `redpanda_role_assignment` (v1.x, v2.x) and its bridged Pulumi
 * type: a RoleAssignment, `<role>/<principal>` on its cluster's data-plane API. Older states hold a
 * bare user name as the principal (the provider's own refresh rewrites it to `User:<name>`).
 */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane } from "../../declare/terraform";

export const roleAssignmentTerraform: TerraformMapping = {
  kind: "RoleAssignment",
  resourceType: "redpanda_role_assignment",
  bridgedToken: "redpanda:index/roleAssignment:RoleAssignment",
  importId: (a) => {
    const principal = a.text("principal");
    const member = /^(User|Group):/.test(principal) ? principal : `User:${principal}`;
    return onDataPlane(a, `${a.text("role_name")}/${member}`);
  },
};
