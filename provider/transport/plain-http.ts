/**
 * Credentials travel over TLS only. Every request this package sends carries one (the bearer
 * token, a Schema Registry user's password, or, to the token endpoint, the client secret), and
 * every Redpanda Cloud endpoint is HTTPS (the vendor's Terraform provider dials TLS only): a URL
 * written `http://` would put that credential on the network in clear. Such a URL is refused
 * unless its host is this machine's loopback (the emulator, a local proxy) or the environment
 * opts in with REDPANDA_ALLOW_PLAIN_HTTP (a test proxy elsewhere).
 *
 * The rule is applied where a URL is first known, naming the setting or input: the settings
 * (settings.ts), and a resource's cluster address at check (runtime/plain-http-check.ts); and
 * again where a request is sent (http.ts, auth.ts), so that no path — a refresh with a recorded
 * address, a lookup, an address the control plane reported — gets around it.
 */
import { RedpandaError } from "../errors";
import { normalizeApiUrl } from "./endpoint";

/** The opt-in: `true` (or `1`) lets credentials go over plain HTTP to any host. */
export const ALLOW_PLAIN_HTTP_ENV = "REDPANDA_ALLOW_PLAIN_HTTP";

/** What a refusal says to do. */
const FIX =
  "Use https:// (every Redpanda Cloud endpoint serves it); to allow plain HTTP on purpose " +
  `(a test proxy), set ${ALLOW_PLAIN_HTTP_ENV}=true.`;

/** A request, a setting or an input refused because it would send credentials in clear. */
export class PlainHttpRefused extends RedpandaError {
  override readonly name = "PlainHttpRefused";
}

/**
 * Whether a URL's host is this machine's loopback: 127.0.0.0/8, ::1, `localhost` and the names
 * under it (RFC 6761 keeps them on loopback). `hostname` as WHATWG URL gives it: lower-case,
 * IPv4 in dotted form (`127.1` and `0x7f.0.0.1` are `127.0.0.1` by then), IPv6 in brackets.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A URL as a message shows it: scheme, host and path; never user info or a query. */
export function shownUrl(url: URL): string {
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}

/**
 * The URL as it would be dialled, when sending credentials to it would put them on the network
 * in clear (plain HTTP to a host that is not loopback); undefined when it would not, or when the
 * text is no URL (its own check says so). No scheme means `https://`, as requests do.
 */
export function inClear(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(normalizeApiUrl(raw));
  } catch {
    return undefined;
  }
  return url.protocol === "http:" && !isLoopbackHost(url.hostname) ? url : undefined;
}

/**
 * Why `subject` (`redpanda:apiUrl`, `Topic dataplaneApiUrl`) may not send `what` to `raw`, or
 * undefined when it may: the URL is not plain HTTP off this machine, or plain HTTP is allowed.
 */
export function plainHttpProblem(
  subject: string,
  raw: string,
  what: string,
  allowed: boolean,
): string | undefined {
  const url = allowed ? undefined : inClear(raw);
  if (!url) return undefined;
  return (
    `${subject} "${shownUrl(url)}" is plain HTTP to a host that is not loopback: ${what} would ` +
    `cross the network in clear. ${FIX}`
  );
}

/**
 * The send-time guard: throws before a request that would carry credentials in clear. `request`
 * names it (`GET /v1/topics`).
 */
export function refusePlainHttp(request: string, url: string, allowed: boolean): void {
  const subject = `${request} was not sent: its URL`;
  const problem = plainHttpProblem(subject, url, "its credentials", allowed);
  if (problem) throw new PlainHttpRefused(problem);
}

/** The opt-in as the environment sets it; a value that is not a boolean is refused, named. */
export function plainHttpAllowed(env: NodeJS.ProcessEnv): boolean {
  const raw = env[ALLOW_PLAIN_HTTP_ENV]?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new RedpandaError(`${ALLOW_PLAIN_HTTP_ENV} must be true or false, got "${raw}".`);
}
