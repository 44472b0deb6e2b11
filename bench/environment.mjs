// Full environment: ResourceGroup → Network → Cluster → data-plane resources, `pulumi up` wall time
// at emulator speed 1, against the critical path of the emulator's configured durations (network
// create + cluster create) plus the engine floor (the same graph of no-op dynamic resources).
import { DEFAULT_DURATIONS, startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";

const TOKEN = "bench";
const TOPICS = 20;
const USERS = 10;

const graph = (make) => `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
${make}
const rg = r("ResourceGroup", "rg", { name: "env" });
const net = r("Network", "net", {
  name: "env-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-1",
  cidrBlock: "10.110.0.0/20", clusterType: "TYPE_DEDICATED",
});
const cluster = r("Cluster", "cluster", {
  name: "env-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-1", zones: ["use1-az1"], throughputTier: "tier-1-aws-v3-arm", type: "TYPE_DEDICATED",
  dataplaneApiUrl: undefined,
});
const url = cluster.dataplaneApiUrl;
for (let i = 0; i < ${TOPICS}; i++) r("Topic", "topic-" + i, { dataplaneApiUrl: url, name: "topic-" + i, partitionCount: 3 });
for (let i = 0; i < ${USERS}; i++) {
  const u = r("User", "user-" + i, { dataplaneApiUrl: url, name: "user-" + i, password: "password-" + i });
  r("Acl", "acl-" + i, {
    dataplaneApiUrl: url, principal: pulumi.interpolate\`User:\${u.name}\`, resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "topic-" + i, resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
  });
}
`;

const ours = graph(`const r = (kind, name, args) => {
  const { dataplaneApiUrl, ...rest } = args;
  return new redpanda[kind](name, kind === "Cluster" ? rest : args);
};`);

// The floor: the same graph, every resource a no-op that echoes its inputs (plus the outputs the
// next resources read), so the engine does the same work in the same order.
const floor = graph(`const noop = {
  async create(inputs) {
    return { id: Math.random().toString(36).slice(2), outs: { ...inputs, dataplaneApiUrl: "http://127.0.0.1:9/dp/x" } };
  },
};
const r = (kind, name, args) => new pulumi.dynamic.Resource(noop, name, { ...args, dataplaneApiUrl: args.dataplaneApiUrl });`);

export async function benchEnvironment() {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 1 });
  const oursStack = tempStack("env", ours, {
    "redpanda:apiUrl": emu.url,
    "redpanda:accessToken": TOKEN,
  });
  const floorStack = tempStack("envfloor", floor, {});
  try {
    const oursSeconds = await oursStack.timeUp();
    const floorSeconds = await floorStack.timeUp();
    const criticalPathSeconds =
      (DEFAULT_DURATIONS.networkCreate + DEFAULT_DURATIONS.clusterCreate) / 1000;
    const budget = criticalPathSeconds + floorSeconds;
    return {
      resources: 3 + TOPICS + 2 * USERS,
      oursSeconds: Number(oursSeconds.toFixed(2)),
      criticalPathSeconds,
      floorSeconds: Number(floorSeconds.toFixed(2)),
      ratio: Number((oursSeconds / budget).toFixed(2)),
    };
  } finally {
    oursStack.cleanup();
    floorStack.cleanup();
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchEnvironment(), null, 2));
}
