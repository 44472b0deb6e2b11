/**
 * A cluster's API address is not its identity. The control plane has reported the same data-plane
 * URL in more than one form (Terraform's #317: `host:443`, later `https://host`), and a URL may be
 * written with a trailing slash or an upper-case host. These helpers say which address a request
 * goes to (one normalized form) and whether two addresses name the same cluster.
 */

/** The vendor's cluster ids: 20 characters of the XID alphabet (the contract's `^[a-v0-9]{20}$`). */
const CLUSTER_ID = /^[0-9a-v]{20}$/;

/** The vendor's cloud domain: every public cluster address is a host under it. */
const VENDOR_DOMAIN = ".cloud.redpanda.com";

/**
 * The one form requests use: `https://` when no scheme is written (the old `host:443` form),
 * scheme and host lower-case, the scheme's default port dropped, no trailing slash, no query or
 * fragment. A value that is not a URL comes back trimmed, unchanged.
 */
export function normalizeApiUrl(raw: string): string {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return text;
  }
  if (!url.host) return text;
  // WHATWG URL parsing lower-cases the scheme and host and drops the scheme's default port.
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * The cluster an address belongs to, when the address itself proves it:
 * - the vendor's hosts carry the cluster id as one label under `cloud.redpanda.com` (Dedicated
 *   `api-<x>.<id>.fmc.prd.cloud.redpanda.com`, BYOC `api-<x>.<id>.byoc.prd…`, Serverless
 *   `<id>.any.<region>.mpx.prd…`, per the contract's `dataplane_api.url` examples);
 * - the emulator serves a cluster's data plane at `/dp/<id>` and its registry at `/sr/<id>`.
 * Undefined when neither shape matches (a custom or private address): then only the normalized
 * address can say two values are the same.
 */
export function clusterIdOf(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(normalizeApiUrl(raw));
  } catch {
    return undefined;
  }
  const inPath = /^\/(?:dp|sr)\/([^/]+)$/.exec(url.pathname)?.[1];
  if (inPath !== undefined && CLUSTER_ID.test(inPath)) return inPath;
  if (!url.hostname.endsWith(VENDOR_DOMAIN)) return undefined;
  const ids = url.hostname.split(".").filter((label) => CLUSTER_ID.test(label));
  return ids.length === 1 ? ids[0] : undefined;
}

/**
 * Whether two addresses name the same cluster: the same cluster id where both carry one (ids are
 * unique across the service, so the host they are reached at does not matter), else the same
 * normalized address. Two ids that differ are a move to another cluster.
 */
export function sameClusterAddress(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "string" || typeof b !== "string") return false;
  const idA = clusterIdOf(a);
  const idB = clusterIdOf(b);
  if (idA !== undefined && idB !== undefined) return idA === idB;
  return normalizeApiUrl(a) === normalizeApiUrl(b);
}
