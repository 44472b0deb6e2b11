/** Names in the generated code and words in the printed shell commands, for every migration. */

/** A JavaScript/Go/Python identifier from a resource name (`orders-topic` → `ordersTopic`). */
export function identifierOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
  return /^[A-Za-z_]/.test(joined) ? joined : `r${joined}`;
}

/** Quotes a word for a POSIX shell. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Unique identifiers, in the order asked: the readable one when free; else, given the resource's
 * kind, the same with it (`orders`, then `ordersAcl`); else numbered (`orders2`, `ordersAcl2`).
 */
export class NameBook {
  private readonly taken = new Set<string>();

  /** A free identifier for `name` (a resource of `kind`, when given). */
  claim(name: string, kind = ""): string {
    const base = identifierOf(name);
    let chosen = base;
    if (kind && this.taken.has(chosen)) chosen = `${base}${kind}`;
    const stem = chosen;
    for (let n = 2; this.taken.has(chosen); n++) chosen = `${stem}${n}`;
    this.taken.add(chosen);
    return chosen;
  }
}
