// State footprint per resource kind: bytes of `__provider` and of the whole resource entry in
// `pulumi stack export`, ours against a no-op dynamic provider given the same inputs.
import { startEmulator } from "../dist/emulator/index.js";
import { tempStack } from "./engine.mjs";

const TOKEN = "bench";

const ours = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const rg = new redpanda.ResourceGroup("ResourceGroup", { name: "footprint" });
const net = new redpanda.Network("Network", { name: "fp-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-1", cidrBlock: "10.130.0.0/20", clusterType: "TYPE_DEDICATED" });
const cluster = new redpanda.Cluster("Cluster", { name: "fp-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-1", zones: ["use1-az1"], throughputTier: "tier-1-aws-v3-arm", type: "TYPE_DEDICATED", kafkaConnect: true });
const sl = new redpanda.ServerlessCluster("ServerlessCluster", { name: "fp-serverless", resourceGroupId: rg.id, serverlessRegion: "us-east-1" });
const sa = new redpanda.ServiceAccount("ServiceAccount", { name: "fp-bot", description: "footprint" });
new redpanda.RoleBinding("RoleBinding", { roleName: "Writer", accountId: sa.id, scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: cluster.id } });
const url = cluster.dataplaneApiUrl;
const user = new redpanda.User("User", { dataplaneApiUrl: url, name: "fp-user", password: "fp-password" });
new redpanda.Acl("Acl", { dataplaneApiUrl: url, principal: pulumi.interpolate\`User:\${user.name}\`, resourceType: "RESOURCE_TYPE_TOPIC", resourceName: "orders", resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL", operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW" });
new redpanda.Topic("Topic", { dataplaneApiUrl: url, name: "orders", partitionCount: 3, configs: { "retention.ms": "86400000" } });
new redpanda.Pipeline("Pipeline", { dataplaneApiUrl: sl.dataplaneApiUrl, displayName: "fp-pipeline", configYaml: "input:\\n  generate:\\n    mapping: root = {}\\n", resources: { cpuShares: "100m", memoryShares: "256Mi" } });
const secret = new redpanda.ConnectorSecret("ConnectorSecret", { dataplaneApiUrl: url, name: "fp-secret", secretData: { key: "value" } });
new redpanda.Connector("Connector", { dataplaneApiUrl: url, name: "fp-connector", config: { "connector.class": "com.example.Sink", key: secret.ref("key") } });
`;

const noop = (entries) => `
const pulumi = require("@pulumi/pulumi");
const noop = { async create(inputs) { return { id: "noop", outs: inputs }; } };
const entries = ${JSON.stringify(entries)};
for (const [name, inputs] of entries) new pulumi.dynamic.Resource(noop, name, inputs);
`;

const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** `stack export --show-secrets` wraps secrets as {sig, plaintext}; the no-op twin takes the values. */
function unwrapSecrets(value) {
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value && typeof value === "object") {
    if (SECRET_SIG in value) return unwrapSecrets(JSON.parse(value.plaintext));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)]));
  }
  return value;
}

function sizes(exported) {
  const out = {};
  for (const r of exported.deployment.resources) {
    const m = /dynamic(?:\/redpanda)?:(\w+)$/.exec(r.type);
    if (!m) continue;
    const name = r.urn.split("::").pop();
    out[name] = {
      providerBytes: Buffer.byteLength(r.outputs?.__provider ?? r.inputs?.__provider ?? ""),
      entryBytes: Buffer.byteLength(JSON.stringify(r)),
    };
  }
  return out;
}

export async function benchFootprint() {
  const emu = await startEmulator({ port: 0, tokens: [TOKEN], speed: 0 });
  const oursStack = tempStack("footprint", ours, {
    "redpanda:apiUrl": emu.url,
    "redpanda:accessToken": TOKEN,
  });
  try {
    await oursStack.timeUp();
    const exported = JSON.parse(oursStack.pulumi("stack", "export", "--show-secrets"));
    const oursSizes = sizes(JSON.parse(oursStack.pulumi("stack", "export")));
    // The no-op twin gets each resource's inputs as the user gave them (no shim, no type marker).
    const entries = exported.deployment.resources
      .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/redpanda:"))
      .map((r) => {
        const { __provider, _rpType, ...inputs } = r.inputs;
        void __provider;
        void _rpType;
        return [r.urn.split("::").pop(), unwrapSecrets(inputs)];
      });
    const noopStack = tempStack("footprintnoop", noop(entries), {});
    try {
      await noopStack.timeUp();
      const noopSizes = sizes(JSON.parse(noopStack.pulumi("stack", "export")));
      return Object.keys(oursSizes).map((kind) => ({
        kind,
        oursProviderBytes: oursSizes[kind].providerBytes,
        oursEntryBytes: oursSizes[kind].entryBytes,
        noopProviderBytes: noopSizes[kind]?.providerBytes,
        noopEntryBytes: noopSizes[kind]?.entryBytes,
      }));
    } finally {
      noopStack.cleanup();
    }
  } finally {
    oursStack.cleanup();
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchFootprint());
}
