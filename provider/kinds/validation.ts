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

/** Why a network CIDR is unacceptable, or undefined when it is fine. */
export function cidrProblem(cidr: string, clusterType: string): string | undefined {
  const c = parseCidr(cidr);
  if (!c)
    return `cidrBlock "${cidr}" is not an IPv4 network in CIDR notation (for example 10.1.0.0/20; host bits must be zero)`;
  if (c.prefix < 16 || c.prefix > 20)
    return `cidrBlock must be a /16 to /20 block; "${cidr}" is /${c.prefix}`;
  const ranges = [
    "10.0.0.0/8",
    "172.16.0.0/12",
    "192.168.0.0/16",
    ...(clusterType === "TYPE_BYOC" ? ["100.64.0.0/10"] : []),
  ];
  if (!ranges.some((r) => inside(c, r))) return `cidrBlock must lie within ${ranges.join(", ")}`;
  return undefined;
}
