/**
 * The vendor's Terraform resource `redpanda_schema` (v1.x, v2.x) and its bridged Pulumi type: a
 * Schema, by its subject on the cluster Terraform names by id. Its optional Schema Registry
 * credentials (`username`, `password`) are only in the state.
 */
import type { TerraformMapping } from "../../declare/terraform";
import { onClusterId } from "../../declare/terraform";

export const schemaTerraform: TerraformMapping = {
  kind: "Schema",
  resourceType: "redpanda_schema",
  bridgedToken: "redpanda:index/schema:Schema",
  importId: (a) => onClusterId(a, a.text("subject")),
  carried: [
    { attribute: "username", input: "username", what: "the Schema Registry user" },
    { attribute: "password", input: "password", what: "the Schema Registry user's password" },
  ],
};
