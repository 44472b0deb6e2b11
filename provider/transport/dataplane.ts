/**
 * One cluster's data-plane API, at its `dataplane_api.url`: the shared plumbing its kinds' calls
 * (provider/kinds/<kind>/api.ts) use, and the short-lived list caches a refresh's reads share
 * (ListCache, below).
 * Pipelines use the vendor's `redpanda-connect` segment and Kafka Connect its `kafka-connect`
 * segment (api-spec.md names them `pipeline-connect` and `connector-runtime` as stand-ins).
 */
import { ApiClient } from "./api-client";
import type { Attempt, Retried, Transport } from "./http";

/** How long one list answers a refresh's reads: a refresh's reads arrive within this. */
const LIST_CACHE_TTL_MS = 5_000;

/** The path of a Kafka Connect cluster's API: connectors and their secrets live under it. */
export const kafkaConnectPath = (cluster: string) =>
  `/v1/kafka-connect/clusters/${encodeURIComponent(cluster)}`;

/** What a client and its views bound to attempts share: the unbound client and its list caches. */
export interface SharedLists {
  /** The client outside any attempt: each of its requests is a logical request of its own. */
  readonly alone: DataPlaneClient;
  /** Reads of many resources share one list per collection (see ListCache). */
  readonly caches: Map<string, ListCache<unknown>>;
}

export class DataPlaneClient extends ApiClient implements Retried<DataPlaneClient> {
  private readonly shared: SharedLists;

  constructor(
    transport: Transport,
    readonly baseUrl: string,
    shared?: SharedLists,
  ) {
    super(transport, baseUrl, 1000);
    this.shared = shared ?? { alone: this, caches: new Map() };
  }

  within(attempt: Attempt): DataPlaneClient {
    return new DataPlaneClient(this.transport.within(attempt), this.baseUrl, this.shared);
  }

  /**
   * This client's list cache of one collection (`topics`, `users`, `acls`): made on first use by
   * `load`, the same cache for every later call with that key, from this client and each of its
   * views bound to an attempt. `load` is given the client outside any attempt: a shared list is a
   * logical request of its own, whoever starts it (were it a single send of a create's lookup,
   * its failure would fail every read sharing it).
   */
  listCache<T>(key: string, load: (alone: DataPlaneClient) => Promise<T>): ListCache<T> {
    let cache = this.shared.caches.get(key);
    if (!cache) {
      const { alone } = this.shared;
      cache = new ListCache<unknown>(() => load(alone), LIST_CACHE_TTL_MS);
      this.shared.caches.set(key, cache);
    }
    return cache as ListCache<T>;
  }
}

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
