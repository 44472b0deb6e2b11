// Data-plane resources through the real engine: a Dedicated cluster with a User, an Acl for that
// user, a Topic, a ConnectorSecret and a Connector whose config references the secret; a Serverless
// cluster with a Pipeline created stopped and then started by changing `state`.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");

const cfg = new pulumi.Config("e2e");
${dedicatedCluster("e2e-dp", "10.30.0.0/20", "kafkaConnect: true,")}
const url = cluster.dataplaneApiUrl;
const user = new redpanda.User("user", { dataplaneApiUrl: url, name: "payments", password: cfg.getSecret("password") ?? "first-password" });
const acl = new redpanda.Acl("acl", {
  dataplaneApiUrl: url, principal: pulumi.interpolate\`User:\${user.name}\`, resourceType: "RESOURCE_TYPE_TOPIC",
  resourceName: "payments", resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
  operation: cfg.get("aclOperation") ?? "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
});
const topic = new redpanda.Topic("topic", {
  dataplaneApiUrl: url, name: "payments", partitionCount: 3, configs: { "retention.ms": cfg.get("retention") ?? "86400000" },
});
const secret = new redpanda.ConnectorSecret("secret", {
  dataplaneApiUrl: url, name: "s3-sink", secretData: { "aws.secret.access.key": "connector-secret-value" },
});
const connector = new redpanda.Connector("connector", {
  dataplaneApiUrl: url, name: "s3-sink",
  config: {
    "connector.class": "com.redpanda.kafka.connect.s3.S3SinkConnector",
    topics: topic.name,
    "aws.secret.access.key": secret.ref("aws.secret.access.key"),
    "flush.size": cfg.get("flushSize") ?? "1000",
  },
});
const serverless = new redpanda.ServerlessCluster("serverless", { name: "e2e-dp-serverless", resourceGroupId: rg.id, serverlessRegion: "us-east-1" });
const pipeline = new redpanda.Pipeline("pipeline", {
  dataplaneApiUrl: serverless.dataplaneApiUrl, displayName: "payments-to-s3", configYaml: "input:\\n  generate:\\n    mapping: root = {}\\n",
  resources: { cpuShares: cfg.get("cpu") ?? "100m", memoryShares: "256Mi" },
  state: cfg.get("pipelineState") ?? "stopped",
});
exports.clusterId = cluster.id;
exports.serverlessId = serverless.id;
exports.pipelineId = pipeline.id;
exports.pipelineState = pipeline.apiState;
exports.secretRef = secret.ref("aws.secret.access.key");
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("dp", program);
});
afterAll(() => s?.disposeChecked("data-plane"));

it("manages users, ACLs, topics, connectors and pipelines through the real engine", async () => {
  const first = await s.stack.up();
  expect(first.changes).toEqual({ create: 10 });
  expect(first.outputs.pipelineState).toBe("STATE_STOPPED");
  const clusterId = first.outputs.clusterId as string;
  const dp = () => s.t.emu.world().dataplanes[clusterId];
  expect(first.outputs.secretRef).toMatch(
    /^\$\{secretsManager:[A-Z0-9]+:aws\.secret\.access\.key\}$/,
  );
  expect(dp()?.connectors["s3-sink"]?.config["aws.secret.access.key"]).toBe(
    first.outputs.secretRef,
  );

  expect((await s.stack.up()).changes).toEqual({ same: 10 });

  // Update in place: topic config, user password, connector config, pipeline resources and state.
  await s.set("retention", "3600000");
  await s.set("password", "second-password", true);
  await s.set("flushSize", "500");
  await s.set("cpu", "200m");
  await s.set("pipelineState", "running");
  const updated = await s.stack.up();
  expect(updated.changes).toEqual({ update: 4, same: 6 });
  expect(updated.outputs.pipelineState).toBe("STATE_RUNNING");
  expect(dp()?.topics.payments?.configs).toEqual({ "retention.ms": "3600000" });
  expect(dp()?.users.payments?.password).toBe("second-password");
  expect(dp()?.connectors["s3-sink"]?.config["flush.size"]).toBe("500");
  const pipeline =
    s.t.emu.world().dataplanes[updated.outputs.serverlessId as string]?.pipelines[
      updated.outputs.pipelineId as string
    ];
  expect(pipeline?.resources).toEqual({ cpu_shares: "200m", memory_shares: "256Mi" });

  // Replacing the ACL deletes exactly the old one: an out-of-band ACL on the same topic stays.
  const dpUrl = `${s.t.emu.url}/dp/${clusterId}`;
  const bystander = {
    host: "*",
    operation: "OPERATION_WRITE",
    permission_type: "PERMISSION_TYPE_ALLOW",
    principal: "User:payments",
    resource_name: "payments",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
    resource_type: "RESOURCE_TYPE_TOPIC",
  };
  expect((await s.t.call("POST", `${dpUrl}/v1/acls`, bystander)).status).toBe(201);
  await s.set("aclOperation", "OPERATION_DESCRIBE");
  expect((await s.stack.up()).changes.replace).toBe(1);
  expect(
    dp()
      ?.acls.map((a) => a.operation)
      .sort(),
  ).toEqual(["OPERATION_DESCRIBE", "OPERATION_WRITE"]);

  // A refresh that finds nothing changed (the bystander ACL is not this stack's) leaves the stored
  // inputs exactly as the program gave them: no id or other output stored as an input.
  const inputsBefore = await s.stack.storedInputs();
  expect((await s.stack.refresh()).changes).toEqual({ same: 10 });
  expect(await s.stack.storedInputs()).toEqual(inputsBefore);

  // Drift: a config changed behind Pulumi's back shows after refresh, and the next up restores it.
  await s.t.admin("PATCH", `/_admin/dataplane/${clusterId}/topics/payments`, {
    configs: { "retention.ms": "1" },
  });
  await s.stack.refresh();
  expect((await s.stack.preview()).changes).toEqual({ update: 1, same: 9 });
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: 9 });
  expect(dp()?.topics.payments?.configs).toEqual({ "retention.ms": "3600000" });

  // Out-of-band delete: refresh drops the user; the next preview creates it again.
  await s.t.admin("DELETE", `/_admin/dataplane/${clusterId}/users/payments`);
  expect((await s.stack.refresh()).changes.delete).toBe(1);
  expect((await s.stack.preview()).changes.create).toBe(1);

  // Secrets never reach the state files in plaintext (exportStack would decrypt them for us).
  expect(
    s.stack.findInBackend([
      "connector-secret-value",
      "second-password",
      "first-password",
      "test-token",
    ]),
  ).toEqual([]);

  await s.stack.destroy();
  expect(s.t.emu.inventory()).toEqual({
    resourceGroups: [],
    networks: [],
    clusters: [],
    serverlessClusters: [],
    roleBindings: [],
    serviceAccounts: [],
    groups: [],
    organizationRoles: [],
    userInvites: [],
    networkPeerings: [],
    serverlessPrivateLinks: [],
    shadowLinks: [],
    dataplanes: {},
  });
});
