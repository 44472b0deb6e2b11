// Engine overhead: `pulumi up` wall time of N data-plane resources (half topics, a third users, the
// rest ACLs) on an existing cluster of a zero-latency emulator, against N no-op dynamic resources
// with the same inputs (the engine floor), each pair run back to back on fresh stacks.
import { startEmulator } from "../dist/emulator/index.js";
import { Clients, resolveSettings } from "../dist/provider/index.js";
import { tempStack } from "./engine.mjs";
import { createCluster, getCluster } from "../dist/provider/kinds/cluster/api.js";
import { createNetwork } from "../dist/provider/kinds/network/api.js";
import { createResourceGroup } from "../dist/provider/kinds/resource-group/api.js";

const TOKEN = "bench";

export function resources(n, url, prefix = "") {
  const topics = Math.round(n / 2);
  const users = Math.round(n / 3);
  const list = [];
  for (let i = 0; i < topics; i++)
    list.push([
      "Topic",
      `${prefix}topic-${i}`,
      { dataplaneApiUrl: url, name: `${prefix}topic-${i}`, partitionCount: 1 },
    ]);
  for (let i = 0; i < users; i++)
    list.push([
      "User",
      `${prefix}user-${i}`,
      { dataplaneApiUrl: url, name: `${prefix}user-${i}`, password: `password-${i}` },
    ]);
  for (let i = 0; i < n - topics - users; i++)
    list.push([
      "Acl",
      `${prefix}acl-${i}`,
      {
        dataplaneApiUrl: url,
        principal: `User:${prefix}user-${i}`,
        resourceType: "RESOURCE_TYPE_TOPIC",
        resourceName: `${prefix}topic-${i}`,
        resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
        operation: "OPERATION_READ",
        permissionType: "PERMISSION_TYPE_ALLOW",
      },
    ]);
  return list;
}

export const oursProgram = (list) => `
const redpanda = require("pulumi-redpanda-cloud");
const list = ${JSON.stringify(list)};
for (const [kind, name, args] of list) new redpanda[kind](name, args);
`;

export const noopProgram = (list) => `
const pulumi = require("@pulumi/pulumi");
const noop = { async create(inputs) { return { id: String(Math.random()), outs: inputs }; } };
const list = ${JSON.stringify(list)};
for (const [, name, args] of list) new pulumi.dynamic.Resource(noop, name, args);
`;

/**
 * The contract's floor for a refresh: no-op resources whose read of a topic makes the one request
 * the data-plane API needs to see its configs (`GET /v1/topics/{name}/configurations`, there is no
 * bulk read), with Node's own http and nothing else — no retries, pacing, parsing or drift. What
 * any provider that detects topic config drift pays at least. Creates nothing: it reads the topics
 * the ours stack created under the same names.
 */
export const floorProgram = (list, token) => `
const pulumi = require("@pulumi/pulumi");
const floor = {
  async create(inputs) { return { id: String(Math.random()), outs: inputs }; },
  async read(id, props) {
    if (props.partitionCount === undefined) return { id, props };
    const http = require("node:http");
    globalThis.floorAgent ??= new http.Agent({ keepAlive: true });
    const path = "/v1/topics/" + encodeURIComponent(props.name) + "/configurations";
    const body = await new Promise((resolve, reject) =>
      http.get(props.dataplaneApiUrl + path, {
        agent: globalThis.floorAgent, headers: { authorization: "Bearer ${token}" },
      }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      }).on("error", reject));
    JSON.parse(body);
    return { id, props };
  },
};
const list = ${JSON.stringify(list)};
for (const [, name, args] of list) new pulumi.dynamic.Resource(floor, name, args);
`;

/** A cluster ready at once (speed 0), made through the API: the stacks only hold data-plane resources. */
export async function readyCluster(emu) {
  const settings = { apiUrl: emu.url, accessToken: TOKEN };
  const cp = new Clients(resolveSettings((k) => settings[k])).controlPlane;
  const rg = await createResourceGroup(cp, "overhead");
  const netOp = await createNetwork(cp, {
    name: "overhead-net",
    resource_group_id: rg.id,
    cloud_provider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cidr_block: "10.120.0.0/20",
    cluster_type: "TYPE_DEDICATED",
  });
  const netId = (await cp.getOperation(netOp.id)).resource_id;
  const clusterOp = await createCluster(cp, {
    name: "overhead",
    resource_group_id: rg.id,
    network_id: netId,
    cloud_provider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    zones: ["use1-az1"],
    throughput_tier: "tier-1-aws-v3-arm",
    type: "TYPE_DEDICATED",
  });
  const clusterId = (await cp.getOperation(clusterOp.id)).resource_id;
  return (await getCluster(cp, clusterId)).dataplane_api.url;
}

export async function benchOverhead(sizes = [50, 200, 600]) {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0 });
  try {
    const url = await readyCluster(emu);
    const rows = [];
    for (const n of sizes) {
      // Names per N: every size shares one cluster.
      const list = resources(n, url, `n${n}-`);
      const ours = tempStack(`ours${n}`, oursProgram(list), {
        "redpanda:apiUrl": emu.url,
        "redpanda:accessToken": TOKEN,
      });
      const noop = tempStack(`noop${n}`, noopProgram(list), {});
      try {
        const oursSeconds = await ours.timeUp();
        const noopSeconds = await noop.timeUp();
        rows.push({
          n,
          oursSeconds: Number(oursSeconds.toFixed(2)),
          noopSeconds: Number(noopSeconds.toFixed(2)),
          ratio: Number((oursSeconds / noopSeconds).toFixed(2)),
        });
      } finally {
        ours.cleanup();
        noop.cleanup();
      }
    }
    return rows;
  } finally {
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    JSON.stringify(
      await benchOverhead(
        process.argv.slice(2).map(Number).filter(Boolean).length
          ? process.argv.slice(2).map(Number)
          : undefined,
      ),
      null,
      2,
    ),
  );
}
