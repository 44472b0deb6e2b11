/**
 * The vendor's Terraform resource `redpanda_acl` (v1.x, v2.x) and its bridged Pulumi type: an Acl on
 * its cluster's data-plane API, by its whole tuple. Terraform holds the enums without their prefix
 * (`TOPIC`, `LITERAL`, `READ`, `ALLOW`); the plugin's id names them as the API does.
 */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane, withPrefix } from "../../declare/terraform";

export const aclTerraform: TerraformMapping = {
  kind: "Acl",
  resourceType: "redpanda_acl",
  bridgedToken: "redpanda:index/acl:Acl",
  importId: (a) =>
    onDataPlane(
      a,
      [
        withPrefix("RESOURCE_TYPE_", a.text("resource_type")),
        withPrefix("RESOURCE_PATTERN_TYPE_", a.text("resource_pattern_type")),
        a.text("resource_name"),
        a.text("principal"),
        a.text("host"),
        withPrefix("OPERATION_", a.text("operation")),
        withPrefix("PERMISSION_TYPE_", a.text("permission_type")),
      ].join("|"),
    ),
};
