/**
 * The vendor's Terraform resource `redpanda_secret` (v2.x) and its bridged Pulumi type: a Secret on
 * its cluster's data-plane API, by name. Its `secret_data` is write-only (never in the state): the
 * imported Secret keeps the server's value until the program sets one.
 */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane } from "../../declare/terraform";

export const secretTerraform: TerraformMapping = {
  kind: "Secret",
  resourceType: "redpanda_secret",
  bridgedToken: "redpanda:index/secret:Secret",
  importId: (a) => onDataPlane(a, a.text("name")),
};
