/**
 * A Terraform resource instance's attributes for the kinds' mappings (declare/terraform.ts): from a
 * Terraform state (`cluster_api_url`) or from a bridged stack's export (`clusterApiUrl`, secrets
 * as Pulumi's secret objects).
 */
import type { TerraformAttributes } from "../declare/terraform";
import { isSecretValue, plain } from "./secret-values";

/** `cluster_api_url` → `clusterApiUrl`. */
export function camelOf(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Reads `values` by Terraform attribute name; `where` names the resource in errors. */
export function attributesOf(values: Record<string, unknown>, where: string): TerraformAttributes {
  const value = (name: string): unknown => {
    const found = name in values ? values[name] : values[camelOf(name)];
    if (found === null || found === undefined) return undefined;
    return isSecretValue(found) ? plain(found, `${where}: ${name}`) : found;
  };
  return {
    value,
    text(name) {
      const v = value(name);
      if (v === undefined || v === "") throw new Error(`${where} has no ${name} in the state`);
      if (typeof v !== "string" && typeof v !== "number") {
        throw new Error(`${where}: ${name} is not a string in the state`);
      }
      return String(v);
    },
  };
}

/**
 * Whether the instance holds a value for `name` (plain, or a secret: encrypted or not), without
 * reading it: for the advice about what the state alone holds.
 */
export function holds(values: Record<string, unknown>, name: string): boolean {
  const found = name in values ? values[name] : values[camelOf(name)];
  if (isSecretValue(found)) return true;
  return found !== undefined && found !== null && found !== "";
}
