/** The vendor's Terraform resource `redpanda_shadow_link` (v2.x) and its bridged Pulumi type: a ShadowLink, imported by its id. */
import type { TerraformMapping } from "../../declare/terraform";

export const shadowLinkTerraform: TerraformMapping = {
  kind: "ShadowLink",
  resourceType: "redpanda_shadow_link",
  bridgedToken: "redpanda:index/shadowLink:ShadowLink",
  importId: (a) => a.text("id"),
};
