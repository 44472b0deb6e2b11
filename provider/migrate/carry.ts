/**
 * What only the old state holds (a user's password: the API never returns it) is not dropped
 * silently: each such value is listed with the command that moves it into the stack's config
 * without showing it, and the line the program needs to use it.
 */
import type { TerraformMapping } from "../declare/terraform";
import { holds } from "./attributes";
import { shellQuote } from "./names";
import type { CarriedValue } from "./types";

/** The attributes of one migrated resource that only the state holds, with their config keys. */
export function carriedOf(
  mapping: TerraformMapping,
  values: Record<string, unknown>,
  source: string,
  name: string,
): CarriedValue[] {
  return (mapping.carried ?? [])
    .filter((c) => holds(values, c.attribute))
    .map((c) => ({
      source,
      attribute: c.attribute,
      name,
      input: c.input,
      configKey: `${name}${c.input.charAt(0).toUpperCase()}${c.input.slice(1)}`,
      what: c.what,
    }));
}

/**
 * The advice, one block per value: `reader` is the shell command that prints the value (the tool
 * itself with `--secret`), piped into `pulumi config set --secret` (with `stackFlag`, ` --stack S`
 * or empty); then the YAML the program needs.
 */
export function carryAdvice(
  values: CarriedValue[],
  reader: (v: CarriedValue) => string,
  stackFlag = "",
): string[] {
  if (values.length === 0) return [];
  const lines = [
    `${values.length} value(s) only the old state holds (the API never returns them). Move each into`,
    "the stack's config without showing it, before the state commands drop the old entries, then",
    "use it in the program:",
  ];
  for (const v of values) {
    lines.push(
      `  # ${v.what} of ${v.source}`,
      `  ${reader(v)} | pulumi config set${stackFlag} --secret ${shellQuote(v.configKey)}`,
    );
  }
  lines.push(
    "In a YAML program (other languages: read the same key with requireSecret):",
    "  config:",
    ...values.map((v) => `    ${v.configKey}: { type: string, secret: true }`),
    ...values.map((v) => `  # resources.${v.name}.properties.${v.input}: \${${v.configKey}}`),
    "Until the program sets them, the imported resources keep the values the server has.",
  );
  return lines;
}
