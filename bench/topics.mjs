// A stack with one Dedicated cluster and N topics: `pulumi up` wall time, and every topic created.
import { startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";

export async function benchTopics(n = 200) {
  const emu = await startEmulator({ port: 0, tokens: ["bench"], speed: 0.01 });
  const program = `
const redpanda = require("pulumi-redpanda-cloud");
const rg = new redpanda.ResourceGroup("rg", { name: "bench" });
const net = new redpanda.Network("net", { name: "bench-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", cidrBlock: "10.90.0.0/20", clusterType: "TYPE_DEDICATED" });
const cluster = new redpanda.Cluster("cluster", { name: "bench-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", zones: ["us-central1-a"], throughputTier: "tier-1-gcp-v2-x86", type: "TYPE_DEDICATED" });
for (let i = 0; i < ${n}; i++) {
  new redpanda.Topic("topic-" + i, { dataplaneApiUrl: cluster.dataplaneApiUrl, name: "topic-" + i, partitionCount: 3, configs: { "retention.ms": "86400000" } });
}
`;
  const stack = tempStack("topics", program, {
    "redpanda:apiUrl": emu.url,
    "redpanda:accessToken": "bench",
  });
  try {
    const seconds = await stack.timeUp();
    const topics = Object.values(emu.world().dataplanes).reduce(
      (sum, dp) => sum + Object.keys(dp.topics).length,
      0,
    );
    if (topics !== n) throw new Error(`expected ${n} topics, the emulator has ${topics}`);
    const secondUp = await stack.timeUp();
    return {
      topics,
      upSeconds: Number(seconds.toFixed(1)),
      noChangeUpSeconds: Number(secondUp.toFixed(1)),
    };
  } finally {
    stack.cleanup();
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchTopics(Number(process.argv[2] ?? 200)), null, 2));
}
