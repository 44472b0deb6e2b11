/**
 * One provider instance's config: what `Configure` sent (its `variables`, keyed
 * `redpandacloud:config:<key>`, and its `args`, keyed `<key>`). Each instance of the plugin keeps
 * its own, so two explicit providers pointing at two APIs never share settings or clients. The
 * keys are the dynamic providers' (`redpanda:<key>`), read with the same `REDPANDA_*` environment
 * fallbacks (transport/settings.ts).
 */
import type { ConfigLookup } from "../transport/settings";
import { SETTINGS_ENV } from "../transport/settings";

/** The package name: tokens `redpandacloud:index:<Kind>`, config `redpandacloud:<key>`. */
export const PACKAGE = "redpandacloud";

/**
 * Config keys the plugin reads: the dynamic providers' (`redpanda:*`) — every provider setting
 * (the keys that have a `REDPANDA_*` fallback) and the stack-wide deletion switch.
 */
export const CONFIG_KEYS: readonly string[] = [...Object.keys(SETTINGS_ENV), "allowDeletion"];

/**
 * A message of the shared runtime in the plugin's words: its config keys are
 * `redpandacloud:<key>`, where the dynamic providers' are `redpanda:<key>`.
 */
export function inPluginNamespace(text: string): string {
  return text.replace(/\bredpanda:(\w+)/g, (whole, key: string) =>
    CONFIG_KEYS.includes(key) ? `${PACKAGE}:${key}` : whole,
  );
}

/** Keys whose values are credentials: secret in the schema, never logged. */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = new Set(["accessToken", "clientSecret"]);

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The instance's config from `Configure`: `args` (plain props, secrets already unwrapped) win
 * over `variables`; an unset key falls back to the environment in resolveSettings.
 */
export function instanceConfig(
  variables: ReadonlyMap<string, string> | Iterable<[string, string]>,
  args: Record<string, unknown>,
): ConfigLookup {
  const values = new Map<string, string>();
  const prefix = `${PACKAGE}:config:`;
  for (const [k, v] of variables) {
    const key = k.startsWith(prefix) ? k.slice(prefix.length) : k.replace(`${PACKAGE}:`, "");
    values.set(key, v);
  }
  for (const [k, v] of Object.entries(args)) {
    const t = text(v);
    if (t !== undefined) values.set(k, t);
  }
  return (key) => values.get(key);
}
