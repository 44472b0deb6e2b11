/**
 * How a kind is found in the vendor's Terraform provider (`redpanda-data/redpanda`, v1.x and v2.x)
 * and in the Pulumi package bridged from it (`redpanda`, tokens `redpanda:index/<camel>:<Pascal>`,
 * the same attributes in camelCase): which resource type it is, and how its attributes make the
 * plugin's import id (docs/plugin.md). Each kind folder that has a Terraform resource declares one
 * (`provider/kinds/<kind>/terraform.ts`); the migrations (provider/migrate/) read them through the
 * generated list, provider/kinds/terraform-mappings.ts.
 */

/** One resource instance's attributes, as a Terraform state or a bridged stack's export holds them. */
export interface TerraformAttributes {
  /**
   * A string attribute by its Terraform name (`cluster_api_url`; the bridged package's
   * `clusterApiUrl` too). Throws, naming the resource and the attribute, when it is missing or
   * empty, or encrypted in an export.
   */
  text(name: string): string;
  /** An attribute's value, or undefined when the instance does not hold it. */
  value(name: string): unknown;
}

/** An attribute only the state holds (the API never returns it): the migration says how to carry it. */
export interface CarriedAttribute {
  /** The Terraform attribute: `password`. */
  attribute: string;
  /** The plugin's input that takes it: `password`. */
  input: string;
  /** What it is, for the printed advice: `the user's password`. */
  what: string;
}

/** A kind's Terraform resource and the way its attributes name the plugin's import id. */
export interface TerraformMapping {
  /** The plugin's kind: `Topic` (token `redpandacloud:index:Topic`). */
  kind: string;
  /** The vendor provider's resource type: `redpanda_topic`. */
  resourceType: string;
  /** The bridged package's type token: `redpanda:index/topic:Topic`. */
  bridgedToken: string;
  /** The plugin's import id (one of the forms in docs/plugin.md) from the instance's attributes. */
  importId(a: TerraformAttributes): string;
  /** Attributes only the state holds, which the plugin's resource takes as inputs. */
  carried?: readonly CarriedAttribute[];
}

/** The bridged package's token of a Terraform type: `redpanda_schema_registry_acl` → `redpanda:index/schemaRegistryAcl:SchemaRegistryAcl`. */
export function bridgedTokenOf(resourceType: string): string {
  const words = resourceType.replace(/^redpanda_/, "").split("_");
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  return `redpanda:index/${pascal.charAt(0).toLowerCase()}${pascal.slice(1)}:${pascal}`;
}

/** A kind on one cluster's data-plane API: `<cluster_api_url>|<rest>` (the first `|` ends the URL). */
export function onDataPlane(a: TerraformAttributes, rest: string): string {
  return `${a.text("cluster_api_url")}|${rest}`;
}

/** A Schema Registry kind, which Terraform places by cluster id: `<cluster_id>/<rest>`. */
export function onClusterId(a: TerraformAttributes, rest: string): string {
  return `${a.text("cluster_id")}/${rest}`;
}

/**
 * The API's full enum name of a value Terraform holds without its prefix (`TOPIC` →
 * `RESOURCE_TYPE_TOPIC`); a value already in full form stays.
 */
export function withPrefix(prefix: string, value: string): string {
  return value.startsWith(prefix) ? value : `${prefix}${value.toUpperCase()}`;
}
