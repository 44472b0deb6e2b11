// State footprint: bytes of `__provider` and of the whole resource entry in `pulumi stack export`,
// for our Topic against (a) a no-op dynamic provider with the same inputs and (b) a provider written
// the common way, with an axios client and a zod schema captured in its closure.
import { startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";

export async function benchState() {
  const emu = await startEmulator({ port: 0, tokens: ["bench"], speed: 0.01 });
  const program = `
const pulumi = require("@pulumi/pulumi");
const axios = require("axios");
const { z } = require("zod");
const redpanda = require("pulumi-redpanda-cloud");

const rg = new redpanda.ResourceGroup("rg", { name: "state" });
const net = new redpanda.Network("net", { name: "state-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", cidrBlock: "10.91.0.0/20", clusterType: "TYPE_DEDICATED" });
const cluster = new redpanda.Cluster("cluster", { name: "state-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1", zones: ["us-central1-a"], throughputTier: "tier-1-gcp-v2-x86", type: "TYPE_DEDICATED" });
const inputs = () => ({ dataplaneApiUrl: cluster.dataplaneApiUrl, name: "orders", partitionCount: 3, configs: { "retention.ms": "86400000" } });
new redpanda.Topic("ours", inputs());

const noop = { async create(i) { return { id: "noop", outs: i }; } };
new pulumi.dynamic.Resource(noop, "noop", inputs());

const http = axios.create({ timeout: 30000, headers: { accept: "application/json" } });
const schema = z.object({ name: z.string().min(1), partitionCount: z.number().int().positive() });
const naive = {
  async create(i) {
    const parsed = schema.parse(i);
    await http.get(i.dataplaneApiUrl + "/v1/topics", { validateStatus: () => true });
    return { id: parsed.name, outs: i };
  },
};
new pulumi.dynamic.Resource(naive, "naive", inputs());
`;
  // Variant that does serialize: the axios module (captured by reference) and a zod schema (by value).
  const naiveModule = `
const pulumi = require("@pulumi/pulumi");
const axios = require("axios");
const { z } = require("zod");
const schema = z.object({ name: z.string().min(1), partitionCount: z.number().int().positive() });
const naive = {
  async create(i) {
    const parsed = schema.parse(i);
    await axios.get(i.dataplaneApiUrl + "/v1/topics", { validateStatus: () => true });
    return { id: parsed.name, outs: i };
  },
};
new pulumi.dynamic.Resource(naive, "naiveModule", { dataplaneApiUrl: "${"${URL}"}", name: "orders", partitionCount: 3, configs: { "retention.ms": "86400000" } });
`;
  const stack = tempStack("state", program, {
    "redpanda:apiUrl": emu.url,
    "redpanda:accessToken": "bench",
  });
  try {
    let failure;
    try {
      await stack.timeUp();
    } catch (err) {
      failure =
        String(err.stdout ?? err.message)
          .match(/error: .*/g)
          ?.slice(-1)[0] ?? "up failed";
    }
    const exported = JSON.parse(stack.pulumi("stack", "export"));
    const entry = (name) => exported.deployment.resources.find((r) => r.urn.endsWith(`::${name}`));
    const measure = (name) => {
      const r = entry(name);
      if (!r) return { created: false };
      return {
        created: true,
        providerBytes: Buffer.byteLength(r.outputs?.__provider ?? r.inputs?.__provider ?? ""),
        entryBytes: Buffer.byteLength(JSON.stringify(r)),
      };
    };
    const second = tempStack("state2", naiveModule.replace("${URL}", `${emu.url}/dp/none`), {});
    let naiveModuleResult;
    try {
      await second.timeUp();
      const r = JSON.parse(second.pulumi("stack", "export")).deployment.resources.find((x) =>
        x.urn.endsWith("::naiveModule"),
      );
      naiveModuleResult = {
        created: true,
        providerBytes: Buffer.byteLength(r.outputs.__provider),
        entryBytes: Buffer.byteLength(JSON.stringify(r)),
      };
    } catch (err) {
      naiveModuleResult = {
        created: false,
        error: String(err.stdout ?? err.message)
          .match(/error: .*/g)
          ?.slice(-1)[0],
      };
    } finally {
      second.cleanup();
    }
    return {
      ours: measure("ours"),
      noop: measure("noop"),
      naiveInstance: { ...measure("naive"), error: failure },
      naiveModule: naiveModuleResult,
    };
  } finally {
    stack.cleanup();
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchState(), null, 2));
}
