// Replays the vendor documentation's own request flow with fetch and asserts the documented shapes:
// resource group → network → cluster → data-plane URL → user → ACL → topic, then tear-down. Once
// with the data plane in memory and once with its Kafka broker behind it, as `npm start` runs it.
import type { TestEmulator } from "../../support/emulator";
import { expectAllResponsesValid, operationDone, startTestEmulator } from "../../support/emulator";
import { DATA_PLANES } from "../../support/data-planes";

describe.each(DATA_PLANES)("data plane %s", (mode, options) => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await startTestEmulator(options());
  });
  afterAll(async () => {
    await t.close();
    expectAllResponsesValid(t, `vendor-flow, data plane ${mode}`);
    expect(t.validator.report.validated).toBeGreaterThan(15);
  });

  const waitOp = (id: string) => operationDone(t, id);

  it("provisions and tears down a Dedicated environment the documented way", async () => {
    const rg = await t.call("POST", "/v1/resource-groups", {
      resource_group: { name: "docs-flow" },
    });
    expect(rg.status).toBe(201);
    expect(rg.body.resource_group).toEqual(
      expect.objectContaining({ name: "docs-flow", id: expect.any(String) }),
    );
    const rgId = rg.body.resource_group.id;

    const netOp = await t.call("POST", "/v1/networks", {
      network: {
        cidr_block: "10.0.0.0/20",
        cloud_provider: "CLOUD_PROVIDER_GCP",
        cluster_type: "TYPE_DEDICATED",
        name: "docs-net",
        resource_group_id: rgId,
        region: "us-central1",
      },
    });
    expect(netOp.status).toBe(202);
    expect(netOp.body.operation).toEqual(
      expect.objectContaining({
        state: "STATE_IN_PROGRESS",
        type: "TYPE_CREATE_NETWORK",
        metadata: expect.objectContaining({
          "@type": "type.googleapis.com/redpanda.api.controlplane.v1.CreateNetworkMetadata",
        }),
      }),
    );
    expect((await waitOp(netOp.body.operation.id)).state).toBe("STATE_COMPLETED");
    const networkId = netOp.body.operation.resource_id;

    const clusterOp = await t.call("POST", "/v1/clusters", {
      cluster: {
        cloud_provider: "CLOUD_PROVIDER_GCP",
        connection_type: "CONNECTION_TYPE_PUBLIC",
        name: "docs-cluster",
        resource_group_id: rgId,
        network_id: networkId,
        region: "us-central1",
        throughput_tier: "tier-1-gcp-v2-x86",
        type: "TYPE_DEDICATED",
        zones: ["us-central1-a", "us-central1-b", "us-central1-c"],
      },
    });
    expect(clusterOp.status).toBe(202);
    const op = clusterOp.body.operation;
    expect(op.metadata.cluster_id).toBe(op.resource_id);
    expect(op.started_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await waitOp(op.id)).state).toBe("STATE_COMPLETED");

    const cluster = await t.call("GET", `/v1/clusters/${op.resource_id}`);
    expect(cluster.body.cluster.state).toBe("STATE_READY");
    const dp: string = cluster.body.cluster.dataplane_api.url;
    expect(dp).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dp\/[a-v0-9]{20}$/);
    const listed = await t.call("GET", "/v1/clusters");
    expect(listed.body.clusters[0].dataplane_api).toBeNull();

    const user = await t.call("POST", `${dp}/v1/users`, {
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
      name: "payment-service",
      password: "secure-password",
    });
    expect(user.status).toBe(201);
    expect(user.body).toEqual({
      user: { name: "payment-service", mechanism: "SASL_MECHANISM_SCRAM_SHA_256" },
    });

    const acl = await t.call("POST", `${dp}/v1/acls`, {
      host: "*",
      operation: "OPERATION_ALL",
      permission_type: "PERMISSION_TYPE_ALLOW",
      principal: "User:payment-service",
      resource_name: "*",
      resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
      resource_type: "RESOURCE_TYPE_TOPIC",
    });
    expect(acl).toEqual(expect.objectContaining({ status: 201, body: {} }));

    const topic = await t.call("POST", `${dp}/v1/topics`, { name: "payments", partition_count: 6 });
    expect(topic.status).toBe(201);
    expect(topic.body).toEqual({
      topic_name: "payments",
      partition_count: 6,
      replication_factor: 3,
    });

    const del = await t.call("DELETE", `/v1/clusters/${op.resource_id}`);
    expect(del.status).toBe(202);
    expect((await waitOp(del.body.operation.id)).state).toBe("STATE_COMPLETED");
    expect((await t.call("GET", `/v1/clusters/${op.resource_id}`)).status).toBe(404);
    const netDel = await t.call("DELETE", `/v1/networks/${networkId}`);
    expect((await waitOp(netDel.body.operation.id)).state).toBe("STATE_COMPLETED");
    expect((await t.call("DELETE", `/v1/resource-groups/${rgId}`)).status).toBe(204);
    expect(t.emu.inventory()).toEqual(
      expect.objectContaining({ resourceGroups: [], networks: [], clusters: [], dataplanes: {} }),
    );
  });
});
