/**
 * The load stack: one Dedicated cluster and `n` data-plane resources on it — half topics, a third
 * users, the rest ACLs — for the load test and the load benchmark.
 */
export function loadProgram(n: number): string {
  const topics = Math.round(n / 2);
  const users = Math.round(n / 3);
  const acls = n - topics - users;
  return `
const redpanda = require("pulumi-redpanda-cloud");
const rg = new redpanda.ResourceGroup("rg", { name: "load" });
const net = new redpanda.Network("net", {
  name: "load-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-1",
  cidrBlock: "10.97.0.0/20", clusterType: "TYPE_DEDICATED",
});
const cluster = new redpanda.Cluster("cluster", {
  name: "load-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-1", zones: ["use1-az1"], throughputTier: "tier-1-aws-v2-arm", type: "TYPE_DEDICATED",
});
const url = cluster.dataplaneApiUrl;
for (let i = 0; i < ${topics}; i++)
  new redpanda.Topic("topic-" + i, { dataplaneApiUrl: url, name: "topic-" + i, partitionCount: 1 });
for (let i = 0; i < ${users}; i++)
  new redpanda.User("user-" + i, { dataplaneApiUrl: url, name: "user-" + i, password: "password-" + i });
for (let i = 0; i < ${acls}; i++)
  new redpanda.Acl("acl-" + i, {
    dataplaneApiUrl: url, principal: "User:user-" + i, resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "topic-" + i, resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
  });
exports.clusterId = cluster.id;
`;
}
