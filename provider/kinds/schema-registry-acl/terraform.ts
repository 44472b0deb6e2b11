/**
 * The vendor's Terraform resource `redpanda_schema_registry_acl` (v1.x, v2.x) and its bridged Pulumi
 * type: a SchemaRegistryAcl, by its whole tuple on the cluster Terraform names by id (the same
 * short enum values as the plugin: `SUBJECT`, `LITERAL`, `READ`, `ALLOW`). Its optional Schema
 * Registry credentials are only in the state.
 */
import type { TerraformMapping } from "../../declare/terraform";
import { onClusterId } from "../../declare/terraform";

export const schemaRegistryAclTerraform: TerraformMapping = {
  kind: "SchemaRegistryAcl",
  resourceType: "redpanda_schema_registry_acl",
  bridgedToken: "redpanda:index/schemaRegistryAcl:SchemaRegistryAcl",
  importId: (a) =>
    onClusterId(
      a,
      [
        a.text("resource_type"),
        a.text("pattern_type"),
        // A REGISTRY ACL may have no resource name.
        String(a.value("resource_name") ?? ""),
        a.text("principal"),
        a.text("host"),
        a.text("operation"),
        a.text("permission"),
      ].join("|"),
    ),
  carried: [
    { attribute: "username", input: "username", what: "the Schema Registry user" },
    { attribute: "password", input: "password", what: "the Schema Registry user's password" },
  ],
};
