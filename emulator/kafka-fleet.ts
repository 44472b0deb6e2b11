/**
 * One Kafka broker per emulated cluster whose data plane exists (the cluster became READY), stopped
 * when the cluster is deleted or the world is reset; and a lock per cluster so that a data-plane
 * request reads the broker, runs its handler and writes the broker back without another request's
 * writes in between.
 *
 * Requests run concurrently, and every one of them reconciles: a broker may be starting or stopping
 * while another request looks at it. So an entry is removed only by the reconcile that removes it,
 * a start that finishes after its cluster was deleted stops its own broker, and a broker is stopped
 * only once it holds its cluster's lock (the request writing to it finishes first).
 */
import { BrokerRefused, KafkaBroker } from "./kafka-broker";
import { changeSince, isEmptyChange } from "./kafka-sync";
import type { Dataplane, DpTopic, World } from "./domain/records";

export interface KafkaOptions {
  /** Path to the `redpanda-emulator-kafka` binary (scripts/kafka-toolchain.sh ensure). */
  binary: string;
  /** Interface the brokers listen on; default the emulator's. */
  host?: string;
}

/** A running broker as `RunningEmulator.kafkaBrokers()` lists it. */
export interface RunningBroker {
  clusterId: string;
  pid?: number;
  startMs: number;
  /** The Kafka listener's `host:port` addresses. */
  kafka: string[];
  /** The admin endpoint (it refuses requests without the broker's own token). */
  adminUrl: string;
}

export class Lock {
  private tail: Promise<void> = Promise.resolve();
  /** Resolves with the release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return turn;
  }
}

/** How long a stop waits for the requests using its broker. */
const LOCK_WAIT_MS = 5_000;

/** A broker being started (or started): one per cluster id at a time. */
interface Entry {
  /** Settles with the broker, or undefined when it could not start (then `failure` says why). */
  ready: Promise<KafkaBroker | undefined>;
  failure?: string;
  /** Set by the reconcile that removed the entry: a start finishing later stops its broker. */
  removed: boolean;
}

export class KafkaFleet {
  private readonly entries = new Map<string, Entry>();
  private readonly started = new Map<string, KafkaBroker>();
  private readonly locks = new Map<string, Lock>();

  constructor(private readonly options: KafkaOptions & { host: string }) {}

  /**
   * Starts a broker for each data plane without one; stops those whose data plane is gone. Never
   * throws: a broker that failed to start is forgotten (the next reconcile retries) and its
   * cluster's data-plane requests are answered 503 with the reason (`unavailable`).
   */
  async reconcile(world: World): Promise<void> {
    const wanted = Object.keys(world.dataplanes);
    for (const id of wanted) {
      const entry = this.entries.get(id);
      if (entry && entry.failure === undefined) continue;
      this.entries.set(id, this.start(id, world.dataplanes[id]!));
    }
    const stops: Promise<void>[] = [];
    for (const [id, entry] of [...this.entries]) {
      if (id in world.dataplanes) continue;
      // Another reconcile may have removed it while this one awaited: only the first stops it.
      if (this.entries.get(id) !== entry) continue;
      this.entries.delete(id);
      entry.removed = true;
      stops.push(this.stop(id, entry));
    }
    await Promise.all(stops);
    await Promise.all(wanted.map((id) => this.entries.get(id)?.ready));
  }

  /** The broker of a cluster, once started (the views use its addresses). */
  broker(clusterId: string): KafkaBroker | undefined {
    return this.started.get(clusterId);
  }

  /** Why a cluster whose data plane exists has no broker (its start failed), or undefined. */
  unavailable(clusterId: string): string | undefined {
    return this.entries.get(clusterId)?.failure;
  }

  lock(clusterId: string): Lock {
    let l = this.locks.get(clusterId);
    if (!l) this.locks.set(clusterId, (l = new Lock()));
    return l;
  }

  /**
   * Makes the service's own topics exist in a running broker, under its lock (a broker not started
   * yet is seeded from the data plane when it starts). One the broker already has counts as made,
   * as Redpanda's Schema Registry counts TOPIC_ALREADY_EXISTS when it creates `_schemas`
   * (redpanda-data/redpanda src/v/pandaproxy/schema_registry/service.cc, create_internal_topic:
   * "found internal topic"): a Kafka client may have made it, or made it since the list was read.
   */
  async createTopics(clusterId: string, topics: DpTopic[]): Promise<void> {
    const broker = this.broker(clusterId);
    if (!broker) return;
    const release = await this.lock(clusterId).acquire();
    try {
      const present = new Set(
        (await broker.state({ parts: ["topics"] })).topics.map((t) => t.name),
      );
      // One at a time: the broker's apply stops at its first refusal.
      for (const t of topics.filter((x) => !present.has(x.name))) {
        await broker
          .apply({
            create_topics: [
              {
                name: t.name,
                partitions: t.partition_count,
                replication_factor: t.replication_factor,
                configs: t.configs,
              },
            ],
          })
          .catch((err: unknown) => {
            if (!(err instanceof BrokerRefused && err.kafka?.name === "TOPIC_ALREADY_EXISTS"))
              throw err;
          });
      }
    } finally {
      release();
    }
  }

  /** Brokers running now, for the figures and tests: pid, start time and addresses of each. */
  running(): RunningBroker[] {
    return [...this.started].map(([clusterId, b]) => ({
      clusterId,
      pid: b.pid,
      startMs: b.startMs,
      kafka: b.seedBrokers,
      adminUrl: b.adminEndpoint,
    }));
  }

  async close(): Promise<void> {
    const all = [...this.entries];
    this.entries.clear();
    await Promise.all(
      all.map(([id, entry]) => {
        entry.removed = true;
        return this.stop(id, entry);
      }),
    );
  }

  /** Waits for the start, then for the requests using the broker, then stops it. */
  private async stop(clusterId: string, entry: Entry): Promise<void> {
    const broker = await entry.ready;
    if (!broker) return;
    const lock = this.lock(clusterId);
    const turn = lock.acquire();
    // Bounded: a request that never finished (its client vanished) must not keep a broker alive.
    const release = await Promise.race([
      turn,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), LOCK_WAIT_MS).unref()),
    ]);
    try {
      if (this.started.get(clusterId) === broker) this.started.delete(clusterId);
      await broker.stop();
    } finally {
      if (release) release();
      else void turn.then((r) => r());
      // A later cluster with this id (a restored state) gets a fresh lock.
      if (this.locks.get(clusterId) === lock && !this.entries.has(clusterId))
        this.locks.delete(clusterId);
    }
  }

  /**
   * A broker starts empty; a data plane restored from a state file is written into it first, so a
   * restarted emulator serves what it served before (users whose password it never knew, which
   * a broker cannot hold, are left out).
   */
  private start(clusterId: string, dp: Dataplane): Entry {
    const entry = { removed: false } as Entry;
    entry.ready = (async () => {
      let broker: KafkaBroker | undefined;
      try {
        broker = await KafkaBroker.start(this.options.binary, this.options.host);
        const known = {
          ...dp,
          users: Object.fromEntries(Object.entries(dp.users).filter(([, u]) => u.password)),
        };
        const seed = changeSince({ topics: {}, users: {}, acls: [], quotas: [] }, known);
        if (!isEmptyChange(seed)) await broker.apply(seed);
      } catch (err) {
        await broker?.stop();
        entry.failure = (err as Error).message || String(err);
        process.stderr.write(
          `[emulator] the Kafka broker of cluster ${clusterId} did not start: ${entry.failure}\n`,
        );
        return undefined;
      }
      // Deleted while it started: the reconcile that removed it waits for this and stops it.
      if (!entry.removed) this.started.set(clusterId, broker);
      return broker;
    })();
    return entry;
  }
}
