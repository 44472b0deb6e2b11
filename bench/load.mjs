// Load: `pulumi up` of 600 data-plane resources on an existing cluster of an emulator that answers
// 429 with Retry-After beyond 50 requests/s (the e2e load test asserts the outcome; this times it).
import { startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";
import { oursProgram, readyCluster, resources } from "./overhead.mjs";

const TOKEN = "bench";

export async function benchLoad(n = 600, rps = 50) {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0, admin: true });
  try {
    const url = await readyCluster(emu);
    await fetch(`${emu.url}/_admin/rate-limit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rps }),
    });
    await fetch(`${emu.url}/_admin/requests`, { method: "DELETE" });
    const stack = tempStack(`load${n}`, oursProgram(resources(n, url)), {
      "redpanda:apiUrl": emu.url,
      "redpanda:accessToken": TOKEN,
    });
    try {
      const seconds = await stack.timeUp();
      const log = await (await fetch(`${emu.url}/_admin/requests`)).json();
      const inv = emu.inventory();
      const dp = Object.values(inv.dataplanes)[0];
      return {
        resources: n,
        rpsLimit: rps,
        seconds: Number(seconds.toFixed(1)),
        requests: log.entries.length,
        answered429: log.entries.filter((e) => e.status === 429).length,
        failed: log.entries.filter((e) => e.status >= 500).length,
        created: dp.topics.length + dp.users.length + dp.acls.length,
      };
    } finally {
      stack.cleanup();
    }
  } finally {
    await emu.close();
  }
}

/**
 * `pulumi refresh` of `n` data-plane resources, side by side in one run: with the adaptive rate
 * and without it (`redpanda:adaptiveRate false`), under a server limit of `rps` (answers saying
 * the quota left in a `ratelimit` header, as the vendor's API does, or not: a gateway that drops
 * it leaves only 429s and Retry-After to learn from) and under none.
 */
export async function benchRefreshRate(n = 600, rps = 25) {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0, admin: true });
  const admin = (method, p, body) =>
    fetch(`${emu.url}${p}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    const url = await readyCluster(emu);
    const stack = tempStack(`refresh${n}`, oursProgram(resources(n, url)), {
      "redpanda:apiUrl": emu.url,
      "redpanda:accessToken": TOKEN,
    });
    try {
      await stack.timeUp();
      const runs = {};
      const cases = [
        ["adaptive", rps, true],
        ["adaptive-no-header", rps, false],
        ["off", rps, true],
        ["adaptive", 0, true],
        ["off", 0, true],
      ];
      for (const [name, limit, header] of cases) {
        const adaptive = name !== "off";
        stack.pulumi("config", "set", "redpanda:adaptiveRate", String(adaptive));
        // refresh runs with the config the last `up` recorded: record the new one first.
        await admin("POST", "/_admin/rate-limit", { rps: 0 });
        await stack.time("up");
        // Three refreshes each, the median by time reported: one run on a shared machine is noise.
        const tries = [];
        for (let i = 0; i < 3; i++) {
          // A fresh bucket each time: every refresh starts with the server's full burst allowance.
          await admin("POST", "/_admin/rate-limit", { rps: limit, header });
          await admin("DELETE", "/_admin/requests");
          const seconds = await stack.time("refresh");
          const log = await (await admin("GET", "/_admin/requests")).json();
          const requests = log.entries.length;
          const answered429 = log.entries.filter((e) => e.status === 429).length;
          tries.push({
            seconds: Number(seconds.toFixed(1)),
            requests,
            answered429,
            share429: Number((answered429 / requests).toFixed(3)),
            // The least time the limit allows for the requests that were accepted.
            floorSeconds: limit ? Number(((requests - answered429) / limit).toFixed(1)) : 0,
          });
        }
        tries.sort((a, b) => a.seconds - b.seconds);
        runs[`${name}${limit ? `@${limit}` : "@none"}`] = {
          ...tries[1],
          max429: Math.max(...tries.map((t) => t.answered429)),
        };
      }
      return { resources: n, rpsLimit: rps, runs };
    } finally {
      stack.cleanup();
    }
  } finally {
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLoad(), null, 2));
}
