/** Client-side checks that mirror the API's rules, so mistakes fail at preview, before any call. */

function parseCidr(text: string): { base: number; prefix: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const base = octets.reduce((acc, o) => acc * 256 + o, 0);
  if (base % 2 ** (32 - prefix) !== 0) return undefined;
  return { base, prefix };
}

const inside = (c: { base: number; prefix: number }, range: string): boolean => {
  const r = parseCidr(range) as { base: number; prefix: number };
  return c.prefix >= r.prefix && c.base >= r.base && c.base < r.base + 2 ** (32 - r.prefix);
};

const PRIVATE = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"];
const BYOC_ONLY = "100.64.0.0/10";

/**
 * Why a network CIDR is unacceptable, or undefined when it is fine: one message per block, its
 * rule and the fix. Without `clusterType`, the rules every network shares (the BYOC-only range
 * counts as allowed); with it, also whether that kind of network may use the block.
 */
export function cidrProblem(cidr: string, clusterType?: string): string | undefined {
  const c = parseCidr(cidr);
  if (!c)
    return `cidrBlock "${cidr}" is not an IPv4 network in CIDR notation (for example 10.1.0.0/20; host bits must be zero)`;
  if (c.prefix < 16 || c.prefix > 20)
    return `cidrBlock must be a /16 to /20 block; "${cidr}" is /${c.prefix}`;
  const privateRange = PRIVATE.some((r) => inside(c, r));
  if (!privateRange && !inside(c, BYOC_ONLY))
    return `cidrBlock "${cidr}" is not a private range: use a block within ${PRIVATE.join(", ")} (a BYOC network may also use ${BYOC_ONLY})`;
  if (!privateRange && clusterType !== undefined && clusterType !== "TYPE_BYOC")
    return `cidrBlock "${cidr}" lies in ${BYOC_ONLY}, which only BYOC networks (clusterType TYPE_BYOC) may use: use a block within ${PRIVATE.join(", ")}`;
  return undefined;
}
