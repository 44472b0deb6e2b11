// The emulator's Kafka API (franz-go's kfake, one process per cluster): broker start time, memory
// per emulated cluster, records/s through @platformatic/kafka with SCRAM and ACLs on, and what
// backing the data plane with the broker costs a data-plane write (topic create, same run, in
// memory vs broker). Needs Go once (scripts/kafka-toolchain.sh builds and caches the broker).
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { startEmulator } from "../dist/emulator/index.js";

const CLUSTERS = 3;
const RECORDS = 20_000;
const TOPICS = 200;
const root = new URL("..", import.meta.url).pathname;
const headers = { authorization: "Bearer bench", "content-type": "application/json" };

const rssKiB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);

async function call(url, method, body) {
  const res = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function client(args, password) {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [`${root}scripts/kafka-client.mjs`, ...args],
      { env: { ...process.env, KAFKA_PASSWORD: password }, timeout: 300_000 },
      (err, stdout) => {
        const answer = JSON.parse(stdout.trim().split("\n").pop() || "{}");
        if (!answer.ok)
          reject(new Error(`kafka-client ${args[0]}: ${answer.error ?? err?.message}`));
        else resolve(answer);
      },
    ),
  );
}

/** Serverless clusters (the quickest to become READY) and their data-plane URLs. */
async function clusters(emu, n) {
  const rg = await call(`${emu.url}/v1/resource-groups`, "POST", {
    resource_group: { name: "kb" },
  });
  const ids = [];
  for (let i = 0; i < n; i++) {
    const op = await call(`${emu.url}/v1/serverless/clusters`, "POST", {
      serverless_cluster: {
        name: `kb-${i}`,
        resource_group_id: rg.resource_group.id,
        serverless_region: "us-east-1",
      },
    });
    ids.push(op.operation.resource_id);
  }
  const out = [];
  for (const id of ids) {
    for (;;) {
      const { serverless_cluster: c } = await call(
        `${emu.url}/v1/serverless/clusters/${id}`,
        "GET",
      );
      if (c.state === "STATE_READY") {
        out.push({ id, dp: c.dataplane_api.url, brokers: c.kafka_api.seed_brokers });
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return out;
}

async function topicCreates(dp) {
  const start = performance.now();
  for (let i = 0; i < TOPICS; i++)
    await call(`${dp}/v1/topics`, "POST", { name: `t${i}`, partition_count: 1 });
  return Math.round(((performance.now() - start) / TOPICS) * 100) / 100;
}

export async function benchKafka() {
  const binary = execFileSync("bash", [`${root}scripts/kafka-toolchain.sh`, "ensure"], {
    encoding: "utf8",
  }).trim();
  const emu = await startEmulator({ port: 0, tokens: ["bench"], speed: 0.01, kafka: { binary } });
  const plain = await startEmulator({ port: 0, tokens: ["bench"], speed: 0.01 });
  try {
    const made = await clusters(emu, CLUSTERS);
    const brokers = emu.kafkaBrokers();
    const startMs = brokers.map((b) => b.startMs).sort((a, b) => a - b);
    const rss = brokers.map((b) => rssKiB(b.pid));
    const [first] = made;
    await call(`${first.dp}/v1/topics`, "POST", { name: "bench", partition_count: 3 });
    await call(`${first.dp}/v1/users`, "POST", {
      name: "bench",
      password: "bench-password",
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    });
    for (const [resource_type, resource_name, pattern] of [
      ["RESOURCE_TYPE_TOPIC", "bench", "LITERAL"],
      ["RESOURCE_TYPE_GROUP", "bench-", "PREFIXED"],
    ])
      await call(`${first.dp}/v1/acls`, "POST", {
        resource_type,
        resource_name,
        resource_pattern_type: `RESOURCE_PATTERN_TYPE_${pattern}`,
        principal: "User:bench",
        host: "*",
        operation: "OPERATION_ALL",
        permission_type: "PERMISSION_TYPE_ALLOW",
      });
    const login = ["--brokers", first.brokers.join(","), "--user", "bench", "--topic", "bench"];
    const produced = await client(
      ["produce", ...login, "--count", String(RECORDS)],
      "bench-password",
    );
    const consumed = await client(
      ["consume", ...login, "--count", String(RECORDS), "--group", "bench-reader"],
      "bench-password",
    );
    const rssAfter = rssKiB(brokers.find((b) => b.clusterId === first.id).pid);
    const [plainCluster] = await clusters(plain, 1);
    const withBroker = await topicCreates(made[1].dp);
    const inMemory = await topicCreates(plainCluster.dp);
    return {
      clusters: CLUSTERS,
      startMs: { min: startMs[0], max: startMs.at(-1) },
      rssMiB: {
        idle: Math.round(Math.max(...rss) / 102.4) / 10,
        afterRecords: Math.round(rssAfter / 102.4) / 10,
      },
      records: RECORDS,
      produce: { ms: produced.ms, perSecond: Math.round((RECORDS / produced.ms) * 1000) },
      consume: { ms: consumed.ms, perSecond: Math.round((RECORDS / consumed.ms) * 1000) },
      topicCreateMs: { broker: withBroker, inMemory },
    };
  } finally {
    await emu.close();
    await plain.close();
  }
}
