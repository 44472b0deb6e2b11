/** The vendor's Terraform resource `redpanda_topic` (v1.x, v2.x) and its bridged Pulumi type: a Topic on its cluster's data-plane API, by name. */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane } from "../../declare/terraform";

export const topicTerraform: TerraformMapping = {
  kind: "Topic",
  resourceType: "redpanda_topic",
  bridgedToken: "redpanda:index/topic:Topic",
  importId: (a) => onDataPlane(a, a.text("name")),
};
