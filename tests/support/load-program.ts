/**
 * The load stack: one Dedicated cluster and `n` data-plane resources on it — half topics, a third
 * users, the rest ACLs — for the load test and the load benchmark.
 */
import { dedicatedCluster } from "./programs";

export function loadProgram(n: number): string {
  const topics = Math.round(n / 2);
  const users = Math.round(n / 3);
  const acls = n - topics - users;
  return `
const redpanda = require("pulumi-redpanda-cloud");
${dedicatedCluster("load", "10.97.0.0/20")}
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
