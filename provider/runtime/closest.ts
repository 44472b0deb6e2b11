/**
 * The declared name closest to a misspelt one, for "did you mean" hints: edit distance,
 * case-insensitive, accepted when at most a third of the longer name (at least 1, so `tag` finds
 * `tags` and `nmae` finds `name`) — further than that the hint would mislead more than help.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(Math.max(name.length, best.length) / 3));
  return bestDistance <= allowed ? best : undefined;
}

/**
 * Edit distance: insert, delete, substitute or swap two neighbours (`nmae` → `name`), each 1
 * (optimal string alignment).
 */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}
