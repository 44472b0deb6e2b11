/**
 * The vendor's Terraform resource `redpanda_user` (v1.x, v2.x) and its bridged Pulumi type: a User
 * on its cluster's data-plane API, by name. Its deprecated `password` attribute is in the state
 * (`password_wo`, the write-only form, is not): the API never returns it, so the migration says how
 * to carry it over.
 */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane } from "../../declare/terraform";

export const userTerraform: TerraformMapping = {
  kind: "User",
  resourceType: "redpanda_user",
  bridgedToken: "redpanda:index/user:User",
  importId: (a) => onDataPlane(a, a.text("name")),
  carried: [{ attribute: "password", input: "password", what: "the user's password" }],
};
