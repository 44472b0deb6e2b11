/** Every kind's Terraform mapping (provider/kinds/<kind>/terraform.ts), by Terraform type and by bridged token. */
import type { TerraformMapping } from "../declare/terraform";
import { TERRAFORM_MAPPINGS } from "../kinds/terraform-mappings";

const all = Object.values(TERRAFORM_MAPPINGS);

/** By the vendor provider's resource type: `redpanda_topic`. */
export const BY_TERRAFORM_TYPE: ReadonlyMap<string, TerraformMapping> = new Map(
  all.map((m) => [m.resourceType, m]),
);

/** By the bridged package's type token: `redpanda:index/topic:Topic`. */
export const BY_BRIDGED_TOKEN: ReadonlyMap<string, TerraformMapping> = new Map(
  all.map((m) => [m.bridgedToken, m]),
);
