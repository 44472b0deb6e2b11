// A shadow link through the real engine: a Dedicated shadow cluster mirroring an external source
// reached with SCRAM (its password secret in state and never shown), topic and offset sync filters.
// Create (an operation), no-change preview, an option group updated in place, refresh clean, a
// failover by `failoverTrigger` (the shadow topic fails over, the link stays), destroy.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-shadow" });
const net = new redpanda.Network("net", {
  name: "e2e-shadow-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-2", cidrBlock: "10.80.0.0/20", clusterType: "TYPE_DEDICATED",
});
const shadow = new redpanda.Cluster("shadow", {
  name: "e2e-shadow", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-2", zones: ["use2-az1"], throughputTier: "tier-1-aws-v3-arm", type: "TYPE_DEDICATED",
});
const link = new redpanda.ShadowLink("dr", {
  name: "dr", shadowRedpandaId: shadow.id,
  clientOptions: {
    bootstrapServers: ["source-0.example.com:9092"],
    tlsSettings: { enabled: true },
    authenticationConfiguration: { scramConfiguration: {
      username: "mirror", password: cfg.requireSecret("sourcePassword"),
      scramMechanism: "SCRAM_MECHANISM_SCRAM_SHA_512",
    } },
  },
  topicMetadataSyncOptions: {
    autoCreateShadowTopicFilters: [{ name: "orders", patternType: "PATTERN_TYPE_PREFIX", filterType: "FILTER_TYPE_INCLUDE" }],
    startAtEarliest: {},
  },
  consumerOffsetSyncOptions: { interval: cfg.get("offsetInterval") ?? "30s" },
  failoverTrigger: cfg.get("failover"),
});
new redpanda.Topic("mirrored", { dataplaneApiUrl: shadow.dataplaneApiUrl, name: "orders.eu", partitionCount: 1 });
exports.state = link.state;
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("shadow-link", program);
  await s.set("sourcePassword", "source-secret-1", true);
});
afterAll(() => s?.disposeChecked("shadow-link"));

it("creates, updates in place and destroys a shadow link; the source password stays secret", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 5 });
  expect(up.outputs.state).toBe("STATE_ACTIVE");
  expect(up.stdout + up.stderr).not.toContain("source-secret-1");
  const link = Object.values(s.t.emu.world().shadowLinks ?? {})[0]!;
  expect(link.spec).toMatchObject({
    client_options: {
      authentication_configuration: {
        scram_configuration: { username: "mirror", password: "source-secret-1" },
      },
    },
    topic_metadata_sync_options: { start_at_earliest: {} },
  });
  // The API never shows the password back.
  const got = await s.t.call("GET", `/v1/shadow-links/${link.id}`);
  expect(JSON.stringify(got.body)).not.toContain("source-secret-1");
  expect((await s.stack.preview()).changes).toEqual({ same: 5 });

  await s.set("offsetInterval", "10s");
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: 4 });
  expect(link.spec.consumer_offset_sync_options).toEqual({ interval: "10s" });
  await s.stack.refresh();
  expect((await s.stack.preview()).changes).toEqual({ same: 5 });
  expect(link.failed_over).toBeUndefined();

  // Failover, declared: the shadow cluster's topics stop mirroring; the link and its state remain.
  await s.set("failover", "2026-11-24");
  const failover = await s.stack.up();
  expect(failover.changes).toEqual({ update: 1, same: 4 });
  expect(failover.outputs.state).toBe("STATE_ACTIVE");
  const live = Object.values(s.t.emu.world().shadowLinks ?? {})[0]!;
  expect([live.failed_over, live.failed_over_topics]).toEqual([true, ["orders.eu"]]);
  const shadowId = live.shadow_redpanda_id;
  const topic = await s.t.call("GET", `/dp/${shadowId}/v1/shadow-links/dr/topic/orders.eu`);
  expect(topic.body.shadow_topic.state).toBe("SHADOW_TOPIC_STATE_FAILED_OVER");
  await s.stack.refresh();
  expect((await s.stack.preview()).changes).toEqual({ same: 5 });

  expect((await s.stack.destroy()).changes).toEqual({ delete: 5 });
  expect(Object.keys(s.t.emu.world().shadowLinks ?? {})).toEqual([]);
});
