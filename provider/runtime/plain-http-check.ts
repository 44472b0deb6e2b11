/**
 * What a check adds to "credentials over TLS only" (transport/plain-http.ts): the provider's
 * settings, and the cluster address a data-plane or Schema Registry resource sends its
 * credentials to, refused at preview with the setting or the input named, before any API call.
 */
import type { Kind } from "../declare/declare";
import { plainHttpProblem } from "../transport/plain-http";
import { addressKeyOf } from "./cluster-gone";
import type { CallContext } from "./context";

/**
 * A check's failures of the settings (any reason they do not resolve: the one a request would
 * meet first) and of the resource's cluster address. A value still unknown at preview is the
 * engine's placeholder text, which is no plain-HTTP URL: it is checked once known.
 */
export function settingsAndAddressFailures(
  kind: Kind,
  inputKeys: readonly string[],
  raw: Readonly<Record<string, unknown>>,
  ctx: CallContext,
): { property: string; reason: string }[] {
  const settings = ctx.settingsOrError();
  if (settings instanceof Error) return [{ property: "", reason: settings.message }];
  const key = addressKeyOf(inputKeys);
  const address = key === undefined ? undefined : raw[key];
  if (key === undefined || typeof address !== "string") return [];
  const subject = `${kind.type} ${key}`;
  const reason = plainHttpProblem(subject, address, "the credentials", settings.allowPlainHttp);
  return reason ? [{ property: key, reason }] : [];
}
