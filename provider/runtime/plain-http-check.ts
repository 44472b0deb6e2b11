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
 * The address verdicts already given, by subject and address (`plainHttpProblem` is a pure
 * function of them; the opt-in is fixed by the settings, keyed too). A stack's data-plane
 * resources mostly share one or a few addresses, and each check of them parsed the same URL again
 * (2,000 resources: 2,000 URL parses at every preview and up). Bounded: cleared when it grows
 * past ADDRESS_VERDICTS_MAX.
 */
const addressVerdicts = new Map<string, string | undefined>();
const ADDRESS_VERDICTS_MAX = 256;

function addressProblem(subject: string, address: string, allowed: boolean): string | undefined {
  const key = `${allowed ? 1 : 0} ${subject}\n${address}`;
  if (addressVerdicts.has(key)) return addressVerdicts.get(key);
  if (addressVerdicts.size >= ADDRESS_VERDICTS_MAX) addressVerdicts.clear();
  const reason = plainHttpProblem(subject, address, "the credentials", allowed);
  addressVerdicts.set(key, reason);
  return reason;
}

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
  const reason = addressProblem(subject, address, settings.allowPlainHttp);
  return reason ? [{ property: key, reason }] : [];
}
