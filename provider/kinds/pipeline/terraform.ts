/** The vendor's Terraform resource `redpanda_pipeline` (v1.x, v2.x) and its bridged Pulumi type: a Pipeline on its cluster's data-plane API, by its id. */
import type { TerraformMapping } from "../../declare/terraform";
import { onDataPlane } from "../../declare/terraform";

export const pipelineTerraform: TerraformMapping = {
  kind: "Pipeline",
  resourceType: "redpanda_pipeline",
  bridgedToken: "redpanda:index/pipeline:Pipeline",
  importId: (a) => onDataPlane(a, a.text("id")),
};
