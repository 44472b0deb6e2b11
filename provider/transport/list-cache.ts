/**
 * A short-lived, shared list read. A refresh reads every topic, user and ACL of a cluster at
 * once; answering those reads from one list call per collection (instead of one filtered list
 * per resource) cuts a refresh's requests by two thirds, which is what a shared API budget needs.
 * This process's own writes to the collection drop the snapshot, so a read never misses them.
 * `load` is a logical request of its own (DataPlaneClient.listCache hands it the client alone).
 */

export class ListCache<T> {
  private current: { at: number; value: Promise<T> } | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    /** How long a list answers reads, from when it was asked for, in milliseconds. */
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    const t = this.now();
    if (!this.current || t - this.current.at > this.ttlMs) {
      const value = this.load();
      const entry = { at: t, value };
      this.current = entry;
      // A failed list is not kept: the next read asks again.
      value.catch(() => {
        if (this.current === entry) this.current = undefined;
      });
    }
    return this.current.value;
  }

  invalidate(): void {
    this.current = undefined;
  }
}
