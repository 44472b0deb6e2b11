#!/usr/bin/env node
/**
 * `redpanda-cloud-emulator [--port N] [--host H] [--token T ... | --token-file F] [--state-file F]
 *  [--speed X] [--admin]
 *  [--forward-compat] [--kafka auto|none|PATH] [--catalog witnessed|strict]`
 * Prints the control-plane base URL, then serves until SIGINT/SIGTERM.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { newRunToken, tokenFromFile } from "./run-token";
import { startEmulator } from "./server";

const USAGE = `usage: redpanda-cloud-emulator [options]
  --port N          TCP port (0 = any free port; default 0)
  --host H          interface to bind (default 127.0.0.1)
  --token T         accepted bearer token; repeat for more. Default: a random token made
                    for this run, printed once on stderr (not in any file or argument)
  --token-file F    keep the run's token in F: read it when F exists, else write a new
                    random one there (mode 0600); a restart with the same F accepts the same
                    token, so a stack's config keeps working. Refused if others can read F
  --state-file F    keep the world in F across restarts (atomic writes)
  --speed X         operation duration factor (default 1; 0.05 = twenty times faster)
  --admin           enable the /_admin test-control API
  --token-ttl S     lifetime of issued OAuth2 tokens in seconds (default 3600)
  --forward-compat  answer as a newer API would: unknown fields and enum values in every response
  --kafka K         a real Kafka API per cluster: auto (default: build or reuse the broker with
                    scripts/kafka-toolchain.sh; without Go, the in-memory data plane), none, or
                    the path of a built redpanda-emulator-kafka binary
  --catalog C       witnessed (default): the regions page and every placement the vendor's
                    examples and the Terraform provider's examples use; strict: the page alone`;

/** The broker binary for `--kafka`, or undefined (and why) for the in-memory data plane. */
function kafkaBinary(choice: string): { binary?: string; why?: string } {
  if (choice === "none") return { why: "--kafka none" };
  if (choice !== "auto") return { binary: choice };
  const script = path.join(__dirname, "..", "..", "scripts", "kafka-toolchain.sh");
  try {
    const out = execFileSync("bash", [script, "ensure"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { binary: out.trim() };
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? "").trim();
    return { why: stderr.split("\n").pop() || "the broker could not be built" };
  }
}

/**
 * The bearer tokens the run accepts: the user's (`--token`), the one kept in `--token-file`, or a
 * random one said once on stderr, where the user who started it reads it and no other process does
 * (stdout's first line is the URL, which scripts read).
 */
function runTokens(given: string[] | undefined, file: string | undefined): string[] {
  if (given && file) throw new Error("--token and --token-file: choose one");
  if (given) return given;
  if (file) {
    const { token, created } = tokenFromFile(file);
    console.error(
      `redpanda-cloud-emulator: bearer token ${created ? "written to" : "read from"} ${file}`,
    );
    return [token];
  }
  const token = newRunToken();
  console.error(`redpanda-cloud-emulator: bearer token for this run: ${token}`);
  return [token];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string", multiple: true },
      "token-file": { type: "string" },
      "state-file": { type: "string" },
      speed: { type: "string", default: "1" },
      admin: { type: "boolean", default: false },
      "token-ttl": { type: "string", default: "3600" },
      "forward-compat": { type: "boolean" },
      kafka: { type: "string", default: "auto" },
      catalog: { type: "string", default: "witnessed" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  const speed = Number(values.speed);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  if (!(speed >= 0)) throw new Error(`--speed must be a number >= 0, got ${values.speed}`);
  if (values.catalog !== "witnessed" && values.catalog !== "strict")
    throw new Error(`--catalog must be witnessed or strict, got ${values.catalog}`);
  const tokens = runTokens(values.token, values["token-file"]);
  const kafka = kafkaBinary(values.kafka);
  // Said once, on stderr: stdout's first line is the URL, which scripts read.
  console.error(
    kafka.binary
      ? `redpanda-cloud-emulator: a Kafka broker per cluster (${kafka.binary})`
      : `redpanda-cloud-emulator: in-memory data plane, no Kafka API (${kafka.why})`,
  );
  const emulator = await startEmulator({
    port,
    host: values.host,
    tokens,
    stateFile: values["state-file"],
    speed,
    admin: values.admin,
    tokenTtlSeconds: Number(values["token-ttl"]),
    forwardCompat: values["forward-compat"],
    kafka: kafka.binary ? { binary: kafka.binary } : undefined,
    catalog: values.catalog,
  });
  console.log(emulator.url);
  const stop = (signal: string) => {
    console.error(`redpanda-cloud-emulator: ${signal}, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(`redpanda-cloud-emulator: ${err instanceof Error ? err.message : String(err)}`);
  console.error(USAGE);
  process.exit(2);
});
