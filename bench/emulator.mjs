// Emulator throughput: requests per second for a simple GET and for a create, on this machine.
// Closed-loop load from this process on loopback, bounded in count and time. Run: npm run bench.
import { startEmulator } from "../dist/emulator/index.js";

const CONCURRENCY = 16;
const DURATION_MS = 3_000;
const MAX_REQUESTS = 200_000;

async function load(emu, makeRequest) {
  let done = 0;
  let failed = 0;
  const start = performance.now();
  const deadline = start + DURATION_MS;
  const worker = async () => {
    while (performance.now() < deadline && done + failed < MAX_REQUESTS) {
      const res = await makeRequest(done + failed);
      await res.arrayBuffer();
      if (res.ok) done += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - start) / 1000;
  return {
    requests: done,
    failed,
    seconds: Number(seconds.toFixed(2)),
    rps: Math.round(done / seconds),
  };
}

export async function benchEmulator() {
  const emu = await startEmulator({ port: 0, tokens: ["bench"] });
  const headers = { authorization: "Bearer bench", "content-type": "application/json" };
  try {
    const rg = await (
      await fetch(`${emu.url}/v1/resource-groups`, {
        method: "POST",
        headers,
        body: JSON.stringify({ resource_group: { name: "bench" } }),
      })
    ).json();
    const get = await load(emu, () =>
      fetch(`${emu.url}/v1/resource-groups/${rg.resource_group.id}`, { headers }),
    );
    const create = await load(emu, (i) =>
      fetch(`${emu.url}/v1/resource-groups`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          resource_group: { name: `bench-${i}-${Math.random().toString(36).slice(2, 8)}` },
        }),
      }),
    );
    return { get, create, concurrency: CONCURRENCY, node: process.version };
  } finally {
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchEmulator(), null, 2));
}
