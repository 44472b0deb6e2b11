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
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ rps }),
    });
    await fetch(`${emu.url}/_admin/requests`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const stack = tempStack(`load${n}`, oursProgram(resources(n, url)), {
      "redpanda:apiUrl": emu.url,
      "redpanda:accessToken": TOKEN,
    });
    try {
      const seconds = await stack.timeUp();
      const log = await (
        await fetch(`${emu.url}/_admin/requests`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json();
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
 * (one stack) and without it (`redpanda:adaptiveRate false`, a second stack of the same shape on
 * the same cluster), under a server limit of `rps` (answers saying the quota left in a `ratelimit`
 * header, as the vendor's API does, or not: a gateway that drops it leaves only 429s and
 * Retry-After to learn from) and under none. Each case is three refreshes, the two stacks
 * alternating, so a burst of load on this shared machine hits both alike. Besides the wall time,
 * each refresh reports the span from its first answer to its last: the part the rate decides
 * (the engine's start-up before the first request is the same with any rate).
 */
export async function benchRefreshRate(n = 600, rps = 25) {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0, admin: true });
  const admin = (method, p, body) =>
    fetch(`${emu.url}${p}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stacks = [];
  try {
    const url = await readyCluster(emu);
    for (const [name, adaptive] of [
      ["adaptive", true],
      ["off", false],
    ]) {
      const stack = tempStack(`refresh-${name}-${n}`, oursProgram(resources(n, url, `${name}-`)), {
        "redpanda:apiUrl": emu.url,
        "redpanda:accessToken": TOKEN,
        "redpanda:adaptiveRate": String(adaptive),
      });
      stacks.push(stack);
      await stack.timeUp();
    }
    const [adaptive, off] = stacks;
    const refresh = async (stack, limit, header) => {
      // A fresh bucket each time: every refresh starts with the server's full burst allowance.
      await admin("POST", "/_admin/rate-limit", { rps: limit, header });
      await admin("DELETE", "/_admin/requests");
      const seconds = await stack.time("refresh");
      const { entries } = await (await admin("GET", "/_admin/requests")).json();
      const answered429 = entries.filter((e) => e.status === 429).length;
      const times = entries.map((e) => e.at);
      return {
        seconds: Number(seconds.toFixed(1)),
        spanSeconds: Number(((Math.max(...times) - Math.min(...times)) / 1000).toFixed(1)),
        requests: entries.length,
        answered429,
        share429: Number((answered429 / entries.length).toFixed(3)),
        // The least time the limit allows for the requests that were accepted.
        floorSeconds: limit ? Number(((entries.length - answered429) / limit).toFixed(1)) : 0,
      };
    };
    // The median of three by wall time, with the worst 429 count of the three.
    const summary = (tries) => ({
      ...[...tries].sort((a, b) => a.seconds - b.seconds)[1],
      max429: Math.max(...tries.map((t) => t.answered429)),
    });
    const runs = {};
    for (const [label, limit, header, pair] of [
      [`@${rps}`, rps, true, [adaptive, off]],
      [`-no-header@${rps}`, rps, false, [adaptive]],
      ["@none", 0, true, [adaptive, off]],
    ]) {
      const tries = pair.map(() => []);
      for (let i = 0; i < 3; i++)
        for (const [k, stack] of pair.entries()) tries[k].push(await refresh(stack, limit, header));
      runs[`adaptive${label}`] = summary(tries[0]);
      if (pair.length > 1) runs[`off${label}`] = summary(tries[1]);
    }
    return { resources: n, rpsLimit: rps, runs };
  } finally {
    for (const stack of stacks) stack.cleanup();
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLoad(), null, 2));
}
