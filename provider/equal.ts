/** Value equality for declared inputs and API values. */

/** Whether two JSON values are equal, ignoring key order and undefined vs missing keys. */
export function equal(a: unknown, b: unknown): boolean {
  // The same value (most inputs at a no-change diff: a string, a number) is equal without the
  // normalized copies and their JSON: a diff compares every input of every resource.
  if (a === b) return true;
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalize);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, normalize(x)]),
    );
  }
  return v;
}
