/**
 * One emulated cluster's Kafka API: the `redpanda-emulator-kafka` process (franz-go's kfake with
 * SASL/SCRAM and ACLs enforced, built by scripts/kafka-toolchain.sh) and its admin endpoint, through
 * which every data-plane write becomes Kafka admin requests and every read comes from the broker.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";

/** A topic as the broker describes it; `configs` are the dynamic (explicitly set) ones. */
export interface BrokerTopic {
  name: string;
  partitions: number;
  replication_factor: number;
  configs: Record<string, string>;
}

export interface BrokerUser {
  name: string;
  mechanisms: string[];
}

/** An ACL binding in Kafka's own enum names (`TOPIC`, `PREFIXED`, `READ`, `ALLOW`). */
export interface BrokerAcl {
  resource_type: string;
  resource_name: string;
  pattern_type: string;
  principal: string;
  host: string;
  operation: string;
  permission: string;
}

/** A single-component client quota entity (`client-id`, `client-id-prefix`) and its values. */
export interface BrokerQuota {
  entity_type: string;
  /** null: the entity type's default. */
  entity_name: string | null;
  values: Record<string, number>;
}

export interface BrokerState {
  topics: BrokerTopic[];
  users: BrokerUser[];
  acls: BrokerAcl[];
  quotas: BrokerQuota[];
}

export type BrokerPart = "topics" | "users" | "acls" | "quotas";

/** What a request concerns: some parts of the broker's state, or one topic. */
export interface BrokerScope {
  parts?: BrokerPart[];
  topic?: string;
}

/** One data-plane write as Kafka admin requests; a `null` config value deletes the config. */
export interface BrokerChange {
  create_topics?: BrokerTopic[];
  delete_topics?: string[];
  set_partitions?: Record<string, number>;
  set_configs?: Record<string, Record<string, string | null>>;
  upsert_users?: { name: string; mechanism: string; password: string }[];
  delete_users?: { name: string; mechanism: string }[];
  create_acls?: BrokerAcl[];
  delete_acls?: BrokerAcl[];
  /** Values to set on an entity; a `null` value removes it. */
  set_quotas?: {
    entity_type: string;
    entity_name: string | null;
    set: Record<string, number | null>;
  }[];
}

/** A Kafka error as franz-go's kerr names it, which the admin endpoint reports with a refusal. */
export interface KafkaError {
  name: string;
  code: number;
  retriable: boolean;
  description?: string;
}

/** The broker refused a change: what it said, and its Kafka error when there is one. */
export class BrokerRefused extends Error {
  constructor(
    message: string,
    readonly kafka?: KafkaError,
  ) {
    super(message);
  }
}

export class KafkaBroker {
  private constructor(
    private readonly child: ChildProcess,
    /** Comma-free list of `host:port` bootstrap addresses, one per broker. */
    readonly seedBrokers: string[],
    private readonly adminUrl: string,
    /** The secret every admin request carries; made for this broker, known to no one else. */
    private readonly adminToken: string,
    /** When the process was asked to start and when it answered, for the figures. */
    readonly startMs: number,
  ) {}

  static async start(binary: string, host: string): Promise<KafkaBroker> {
    const started = Date.now();
    // The superuser's password and the admin endpoint's token never leave this process and the
    // broker's environment (readable by its owner only; arguments are public in `ps`).
    const adminToken = randomBytes(24).toString("base64url");
    const child = spawn(binary, ["--host", host], {
      env: {
        ...process.env,
        KAFKA_SUPERUSER_PASSWORD: randomBytes(18).toString("base64url"),
        KAFKA_ADMIN_TOKEN: adminToken,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2_000);
    });
    const hello = await new Promise<{ kafka: string; admin: string }>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once("line", (line) => {
        try {
          resolve(JSON.parse(line) as { kafka: string; admin: string });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      child.once("error", reject);
      child.once("exit", (code) =>
        reject(new Error(`the Kafka broker exited (${code}) before it listened: ${stderr.trim()}`)),
      );
    });
    return new KafkaBroker(
      child,
      hello.kafka.split(","),
      hello.admin,
      adminToken,
      Date.now() - started,
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The admin endpoint's URL (tests check that it refuses a request without the token). */
  get adminEndpoint(): string {
    return this.adminUrl;
  }

  /** What the broker holds of `parts` (all when omitted); with `topic`, of that topic only. */
  async state(scope: BrokerScope = {}): Promise<BrokerState> {
    const q = new URLSearchParams();
    if (scope.parts) q.set("parts", scope.parts.join(","));
    if (scope.topic) q.set("topic", scope.topic);
    return (await this.call("GET", `/state?${q.toString()}`)) as BrokerState;
  }

  async apply(change: BrokerChange): Promise<void> {
    await this.call("POST", "/apply", change);
  }

  /** Closing stdin ends the process; SIGKILL after a grace period if it does not. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((r) => this.child.once("exit", () => r()));
    this.child.stdin?.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3_000);
    await exited;
    clearTimeout(timer);
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.adminUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.adminToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { error?: string; kafka?: KafkaError };
    if (res.status === 422) throw new BrokerRefused(answer.error ?? "refused", answer.kafka);
    if (!res.ok) throw new Error(`the Kafka broker's admin endpoint answered ${res.status}`);
    return answer;
  }
}
