// Operation waits: for emulator operations lasting 1, 5 and 30 s, the detection latency (our waiter
// returns minus the operation's completion) and the number of polls — ours (waitForOperation with
// the default schedule) against the Terraform provider's schedule (1 s doubling to 60 s, ±50 %
// jitter), both run at the same time against the same emulator, on operations of equal length.
import { startEmulator } from "../dist/emulator/index.js";
import { Clients, resolveSettings } from "../dist/provider/index.js";
import { waitForOperation } from "../dist/provider/retry/waiter.js";
import schedules from "./schedules.cjs";
import { createNetwork } from "../dist/provider/kinds/network/api.js";
import { createResourceGroup } from "../dist/provider/kinds/resource-group/api.js";

const { terraformPollDelay } = schedules;

const TOKEN = "bench";
const NETWORK_CREATE_MS = 3_000; // the emulator's network create at speed 1

async function terraformWait(get, id) {
  for (let attempt = 1; ; attempt++) {
    const jitter = 0.5 + Math.random(); // ±50 %
    await new Promise((r) => setTimeout(r, terraformPollDelay(attempt) * jitter));
    const op = await get(id);
    if (op.state === "STATE_COMPLETED" || op.state === "STATE_FAILED") return op;
  }
}

const oursWait = (get, id) => waitForOperation(get, id, { deadlineMs: 10 * 60_000 });

/** One network create of `seconds`, awaited by `wait`; latency and polls from the emulator. */
async function measure(emu, cp, rg, seconds, index, wait) {
  const op = await createNetwork(cp, {
    name: `wait-${seconds}-${index}`,
    resource_group_id: rg,
    cloud_provider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cidr_block: `10.${100 + index}.0.0/20`,
    cluster_type: "TYPE_DEDICATED",
  });
  const startedAt = Date.now();
  let polls = 0;
  const get = (x) => {
    polls++;
    return cp.getOperation(x);
  };
  await wait(get, op.id);
  const returnedAt = Date.now();
  const finishedAt = Date.parse(emu.world().operations[op.id].finished_at);
  return { latencyMs: returnedAt - finishedAt, polls, elapsedMs: returnedAt - startedAt };
}

export async function benchWaits(durations = [1, 5, 30]) {
  const results = [];
  for (const seconds of durations) {
    // One emulator per duration: its speed makes a network create last `seconds`.
    const emu = await startEmulator({
      port: 0,
      tokens: [TOKEN],
      admin: true,
      speed: (seconds * 1000) / NETWORK_CREATE_MS,
    });
    try {
      const settings = { "redpanda:apiUrl": emu.url, "redpanda:accessToken": TOKEN };
      const cp = new Clients(resolveSettings((k) => settings[`redpanda:${k}`] ?? settings[k]))
        .controlPlane;
      const rg = (await createResourceGroup(cp, "waits")).id;
      const [ours, terraform] = await Promise.all([
        measure(emu, cp, rg, seconds, 0, oursWait),
        measure(emu, cp, rg, seconds, 1, terraformWait),
      ]);
      const allowedMs = Math.max(500, 0.05 * seconds * 1000);
      results.push({ seconds, ours, terraform, allowedMs });
    } finally {
      await emu.close();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchWaits(), null, 2));
}
