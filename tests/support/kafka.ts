/**
 * The emulator's real Kafka API in tests: the broker binary (built once by
 * scripts/kafka-toolchain.sh, cached outside the repo) and kafkajs clients that log in with SCRAM.
 */
import { execFile, execFileSync } from "node:child_process";
import path from "node:path";

const toolchainPaths = new Map<string, string>();

/**
 * The path `scripts/kafka-toolchain.sh <subcommand>` prints: `ensure` the broker, `client` the
 * franz-go test client, `kcat` kcat (installed when missing). Built or installed on first use,
 * remembered after. Synchronous: call it before the emulator starts in the test process.
 */
export function kafkaToolchain(subcommand: "ensure" | "client" | "kcat"): string {
  let found = toolchainPaths.get(subcommand);
  if (found === undefined) {
    found = execFileSync(
      "bash",
      [path.join(__dirname, "../../scripts/kafka-toolchain.sh"), subcommand],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    ).trim();
    toolchainPaths.set(subcommand, found);
  }
  return found;
}

/** Builds the broker on first use (about 25 s with a warm Go module cache); its path after. */
export function kafkaBinary(): string {
  return kafkaToolchain("ensure");
}

export interface KafkaAnswer {
  ok: boolean;
  /** The Kafka error code (`TOPIC_AUTHORIZATION_FAILED`, `SASL_AUTHENTICATION_FAILED`, …). */
  error?: string;
  produced?: number;
  consumed?: number;
  ms?: number;
  /** describe-topic: the partition count and the configs set on the topic. */
  partitions?: number;
  configs?: Record<string, string>;
  /** quotas: the client id's quota values in Kafka's keys (`producer_byte_rate`, …). */
  values?: Record<string, number>;
}

/**
 * Runs scripts/kafka-client.mjs (@platformatic/kafka, which is ESM only: jest's CommonJS runtime
 * cannot load it, and the main job prints the same command) as `user`, password by environment.
 */
export function kafkaClient(
  command:
    | "produce"
    | "consume"
    | "create-topic"
    | "add-partitions"
    | "describe-topic"
    | "delete-topic"
    | "alter-config"
    | "quotas"
    | "set-quota",
  login: { brokers: string[]; user: string; password: string },
  args: Record<string, string | number> = {},
): Promise<KafkaAnswer> {
  const argv = [
    path.join(__dirname, "../../scripts/kafka-client.mjs"),
    command,
    "--brokers",
    login.brokers.join(","),
    "--user",
    login.user,
    ...Object.entries(args).flatMap(([k, v]) => [`--${k}`, String(v)]),
  ];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      argv,
      { env: { ...process.env, KAFKA_PASSWORD: login.password }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const line = stdout.trim().split("\n").pop() ?? "";
        try {
          resolve(JSON.parse(line) as KafkaAnswer);
        } catch {
          reject(new Error(`kafka-client ${command} failed: ${err?.message ?? ""} ${stderr}`));
        }
      },
    );
  });
}
