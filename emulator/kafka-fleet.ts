/**
 * One Kafka broker per emulated cluster whose data plane exists (the cluster became READY), stopped
 * when the cluster is deleted or the world is reset; and a lock per cluster so that a data-plane
 * request reads the broker, runs its handler and writes the broker back without another request's
 * writes in between.
 */
import { KafkaBroker } from "./kafka-broker";
import { changeSince, isEmptyChange } from "./kafka-sync";
import type { Dataplane, World } from "./store";

export interface KafkaOptions {
  /** Path to the `redpanda-emulator-kafka` binary (scripts/kafka-toolchain.sh ensure). */
  binary: string;
  /** Interface the brokers listen on; default the emulator's. */
  host?: string;
}

class Lock {
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

export class KafkaFleet {
  private readonly brokers = new Map<string, Promise<KafkaBroker>>();
  private readonly started = new Map<string, KafkaBroker>();
  private readonly locks = new Map<string, Lock>();

  constructor(private readonly options: KafkaOptions & { host: string }) {}

  /** Starts a broker for each data plane without one; stops those whose data plane is gone. */
  async reconcile(world: World): Promise<void> {
    const wanted = Object.keys(world.dataplanes);
    for (const id of wanted)
      if (!this.brokers.has(id)) this.brokers.set(id, this.start(id, world.dataplanes[id]!));
    for (const id of [...this.brokers.keys()]) {
      if (wanted.includes(id)) continue;
      const broker = this.brokers.get(id)!;
      this.brokers.delete(id);
      this.started.delete(id);
      this.locks.delete(id);
      await (await broker.catch(() => undefined))?.stop();
    }
    // A broker that failed to start is forgotten (start() removed it): the next request retries.
    await Promise.all(wanted.map((id) => this.brokers.get(id)));
  }

  /** The broker of a cluster, once started (the views use its addresses). */
  broker(clusterId: string): KafkaBroker | undefined {
    return this.started.get(clusterId);
  }

  lock(clusterId: string): Lock {
    let l = this.locks.get(clusterId);
    if (!l) this.locks.set(clusterId, (l = new Lock()));
    return l;
  }

  /** Brokers running now, for the figures: pid and start time of each. */
  running(): { clusterId: string; pid?: number; startMs: number }[] {
    return [...this.started].map(([clusterId, b]) => ({
      clusterId,
      pid: b.pid,
      startMs: b.startMs,
    }));
  }

  async close(): Promise<void> {
    const all = [...this.brokers.values()];
    this.brokers.clear();
    this.started.clear();
    await Promise.all(all.map(async (b) => (await b.catch(() => undefined))?.stop()));
  }

  /**
   * A broker starts empty; a data plane restored from a state file is written into it first, so a
   * restarted emulator serves what it served before (users whose password it never knew, which
   * a broker cannot hold, are left out).
   */
  private async start(clusterId: string, dp: Dataplane): Promise<KafkaBroker> {
    const broker = await KafkaBroker.start(this.options.binary, this.options.host);
    const known = {
      ...dp,
      users: Object.fromEntries(Object.entries(dp.users).filter(([, u]) => u.password)),
    };
    const seed = changeSince({ topics: {}, users: {}, acls: [], quotas: [] }, known);
    try {
      if (!isEmptyChange(seed)) await broker.apply(seed);
    } catch (err) {
      await broker.stop();
      this.brokers.delete(clusterId);
      throw err;
    }
    this.started.set(clusterId, broker);
    return broker;
  }
}
