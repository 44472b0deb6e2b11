/** Values of a `pulumi stack export`, where a secret is an object marked with Pulumi's signature. */

/** Pulumi's marker of a secret value in exported state. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** Whether a value is a secret of the export (encrypted, or in the `--show-secrets` form). */
export function isSecretValue(
  value: unknown,
): value is { ciphertext?: string; plaintext?: string } {
  return typeof value === "object" && value !== null && SECRET_SIG in value;
}

/**
 * A plain value: a secret only in the `--show-secrets` form (its `plaintext` is JSON); an
 * encrypted one is refused, saying how to get the other form.
 */
export function plain(value: unknown, what: string): unknown {
  if (value === undefined) throw new Error(`${what} is missing from the state`);
  if (isSecretValue(value)) {
    if (value.plaintext === undefined) {
      throw new Error(
        `${what} is encrypted in the export: run \`pulumi stack export --show-secrets\` instead`,
      );
    }
    return JSON.parse(value.plaintext) as unknown;
  }
  return value;
}
