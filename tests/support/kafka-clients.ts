/**
 * The mainstream Kafka clients, driven the same way against the emulator's Kafka API: kafkajs 2
 * (in this process), kcat (librdkafka, a child process; installed by scripts/kafka-toolchain.sh
 * when missing), franz-go (emulator/kafka/testclient) and @platformatic/kafka
 * (scripts/kafka-client.mjs). Each answers "ok" or the Kafka
 * error code it met (`TOPIC_AUTHORIZATION_FAILED`, …). Passwords never appear on a command line:
 * kcat reads them from a 0600 config file, the other two from their environment.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Kafka, logLevel, Partitioners } from "kafkajs";
import { kafkaClient, kafkaToolchain } from "./kafka";

export type Mechanism = "SCRAM-SHA-256" | "SCRAM-SHA-512";

export interface Login {
  brokers: string[];
  user: string;
  password: string;
  mechanism: Mechanism;
}

export interface ClientAnswer {
  /** "ok", or the Kafka error code the client reported. */
  outcome: string;
  consumed?: number;
}

export interface KafkaTestClient {
  name: string;
  produce(login: Login, topic: string, count: number): Promise<ClientAnswer>;
  /** Reads `count` records from the start of `topic` as a member of consumer group `group`. */
  consume(login: Login, topic: string, group: string, count: number): Promise<ClientAnswer>;
}

const TIMEOUT_MS = 30_000;

/** The first Kafka error type in a kafkajs error and its causes. */
function kafkajsCode(err: unknown): string {
  for (let e = err as Record<string, unknown> | undefined; e;) {
    if (typeof e.type === "string") return e.type;
    e = (e.cause ?? e.originalError) as Record<string, unknown> | undefined;
  }
  return String((err as Error)?.message ?? err);
}

export const kafkajs: KafkaTestClient = {
  name: "kafkajs",
  async produce(login, topic, count) {
    const producer = kafkajsOf(login).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { retries: 2 },
    });
    try {
      await producer.connect();
      await producer.send({
        topic,
        messages: Array.from({ length: count }, (_, i) => ({
          key: `k${i}`,
          value: `kafkajs ${i}`,
        })),
      });
      return { outcome: "ok" };
    } catch (err) {
      return { outcome: kafkajsCode(err) };
    } finally {
      await producer.disconnect();
    }
  },
  async consume(login, topic, group, count) {
    const consumer = kafkajsOf(login).consumer({ groupId: group, retry: { retries: 2 } });
    let consumed = 0;
    try {
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("timed out")), TIMEOUT_MS);
        consumer.on(consumer.events.CRASH, (e) => {
          clearTimeout(timer);
          reject(e.payload.error);
        });
        consumer
          .run({
            eachMessage: async () => {
              consumed += 1;
              if (consumed === count) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });
      return { outcome: "ok", consumed };
    } catch (err) {
      return { outcome: kafkajsCode(err), consumed };
    } finally {
      await consumer.disconnect();
    }
  },
};

function kafkajsOf(login: Login): Kafka {
  return new Kafka({
    clientId: `kafkajs-${login.user}`,
    brokers: login.brokers,
    sasl:
      login.mechanism === "SCRAM-SHA-256"
        ? { mechanism: "scram-sha-256", username: login.user, password: login.password }
        : { mechanism: "scram-sha-512", username: login.user, password: login.password },
    logLevel: logLevel.NOTHING,
    retry: { retries: 2 },
  });
}

/** kcat's path, installing it first when missing. Call it before the emulator starts. */
export function ensureKcat(): string {
  return kafkaToolchain("kcat");
}

/** librdkafka's error strings ("Broker: Topic authorization failed") as Kafka's codes. */
function kcatCode(stderr: string): string {
  const m = /Broker: ([A-Za-z ]+?)(?:\)|$|\n|:)/m.exec(stderr);
  if (m) return m[1]!.trim().toUpperCase().replace(/ /g, "_");
  return stderr.trim().split("\n").pop() ?? "failed";
}

function runKcat(
  login: Login,
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kcat-"));
  const config = path.join(dir, "client.properties");
  fs.writeFileSync(
    config,
    [
      "security.protocol=SASL_PLAINTEXT",
      `sasl.mechanisms=${login.mechanism}`,
      `sasl.username=${login.user}`,
      `sasl.password=${login.password}`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  return new Promise((resolve) => {
    const child = execFile(
      ensureKcat(),
      ["-F", config, "-b", login.brokers.join(","), ...args],
      { timeout: TIMEOUT_MS },
      (err, stdout, stderr) => {
        fs.rmSync(dir, { recursive: true, force: true });
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? "");
  });
}

export const kcat: KafkaTestClient = {
  name: "kcat (librdkafka)",
  async produce(login, topic, count) {
    const lines = Array.from({ length: count }, (_, i) => `kcat ${i}\n`).join("");
    const r = await runKcat(login, ["-P", "-t", topic], lines);
    return { outcome: r.code === 0 ? "ok" : kcatCode(r.stderr) };
  },
  async consume(login, topic, group, count) {
    const r = await runKcat(login, [
      "-G",
      group,
      topic,
      "-o",
      "beginning",
      "-c",
      String(count),
      "-f",
      "%s\\n",
      "-q",
    ]);
    const consumed = r.stdout.split("\n").filter((l) => l !== "").length;
    return { outcome: r.code === 0 ? "ok" : kcatCode(r.stderr), consumed };
  },
};

export const platformatic: KafkaTestClient = {
  name: "@platformatic/kafka",
  async produce(login, topic, count) {
    const r = await kafkaClient("produce", login, { topic, count, mechanism: login.mechanism });
    return { outcome: r.ok ? "ok" : (r.error ?? "failed") };
  },
  async consume(login, topic, group, count) {
    const r = await kafkaClient("consume", login, {
      topic,
      count,
      group,
      mechanism: login.mechanism,
    });
    return { outcome: r.ok ? "ok" : (r.error ?? "failed"), consumed: r.consumed };
  },
};

/** The franz-go test client's path (emulator/kafka/testclient, built once). Call it before the emulator starts. */
export function ensureFranzClient(): string {
  return kafkaToolchain("client");
}

function runFranz(
  login: Login,
  args: string[],
): Promise<{ ok: boolean; error?: string; consumed?: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      ensureFranzClient(),
      [...args, "--brokers", login.brokers.join(","), "--user", login.user],
      { env: { ...process.env, KAFKA_PASSWORD: login.password }, timeout: TIMEOUT_MS },
      (err, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout.trim().split("\n").pop() ?? ""));
        } catch {
          reject(new Error(`franz-go client failed: ${err?.message ?? ""} ${stderr}`));
        }
      },
    );
  });
}

export const franzGo: KafkaTestClient = {
  name: "franz-go",
  async produce(login, topic, count) {
    const r = await runFranz(login, [
      "produce",
      "--mechanism",
      login.mechanism,
      "--topic",
      topic,
      "--count",
      String(count),
    ]);
    return { outcome: r.ok ? "ok" : (r.error ?? "failed") };
  },
  async consume(login, topic, group, count) {
    const r = await runFranz(login, [
      "consume",
      "--mechanism",
      login.mechanism,
      "--topic",
      topic,
      "--count",
      String(count),
      "--group",
      group,
    ]);
    return { outcome: r.ok ? "ok" : (r.error ?? "failed"), consumed: r.consumed };
  },
};
