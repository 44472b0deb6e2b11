/** IPv4 CIDR parsing and overlap, for network validation. */
export interface Cidr {
  base: number;
  prefix: number;
}

export function parseCidr(text: string): Cidr | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const addr = octets.reduce((acc, o) => acc * 256 + o, 0);
  const size = 2 ** (32 - prefix);
  if (addr % size !== 0) return undefined; // host bits set: not a network address
  return { base: addr, prefix };
}

export function overlaps(a: Cidr, b: Cidr): boolean {
  const aEnd = a.base + 2 ** (32 - a.prefix);
  const bEnd = b.base + 2 ** (32 - b.prefix);
  return a.base < bEnd && b.base < aEnd;
}

const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map(
  (c) => parseCidr(c) as Cidr,
);

/** Within RFC 1918: the block lies entirely inside one private range. */
export function isPrivate(c: Cidr): boolean {
  return PRIVATE_RANGES.some(
    (r) => c.prefix >= r.prefix && c.base >= r.base && c.base < r.base + 2 ** (32 - r.prefix),
  );
}
