// GitOps: the team edits streams.json in a pull request; CI previews the change (against the
// emulator without credentials, and against the real cloud with them) under the package's policy
// pack (policy-config.json), applies it from main, and checks for drift every day.
// The environment (group, network, cluster) is part of the stack, so a fresh emulator can run the
// whole program.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as redpanda from "pulumi-redpanda-cloud";

interface Streams {
  topics: { name: string; partitions: number; configs?: Record<string, string> }[];
  consumers: { user: string; topics: string[] }[];
}

const streams = JSON.parse(
  fs.readFileSync(path.join(__dirname, "streams.json"), "utf8"),
) as Streams;
const config = new pulumi.Config();
const env = pulumi.getStack();

const group = new redpanda.ResourceGroup("group", { name: `${env}-gitops` });
const network = new redpanda.Network("network", {
  name: `${env}-gitops-network`,
  resourceGroupId: group.id,
  cloudProvider: "CLOUD_PROVIDER_AWS",
  region: config.get("region") ?? "us-east-1",
  cidrBlock: config.get("cidrBlock") ?? "10.60.0.0/20",
  clusterType: "TYPE_DEDICATED",
});
const cluster = new redpanda.Cluster("cluster", {
  name: `${env}-gitops`,
  resourceGroupId: group.id,
  networkId: network.id,
  cloudProvider: "CLOUD_PROVIDER_AWS",
  region: config.get("region") ?? "us-east-1",
  zones: config.getObject<string[]>("zones") ?? ["use1-az1"],
  throughputTier: config.get("throughputTier") ?? "tier-1-aws-v3-arm",
  type: "TYPE_DEDICATED",
  // Production clusters are private (the policy pack's cluster-private-connection, policy-config.json).
  connectionType: "CONNECTION_TYPE_PRIVATE",
});
const dataplaneApiUrl = cluster.dataplaneApiUrl;

for (const t of streams.topics) {
  new redpanda.Topic(`topic-${t.name}`, {
    dataplaneApiUrl,
    name: t.name,
    partitionCount: t.partitions,
    configs: t.configs,
  });
}

for (const c of streams.consumers) {
  // Each consumer's password is stack config (`pulumi config set --secret password-<user> …`).
  const user = new redpanda.User(`user-${c.user}`, {
    dataplaneApiUrl,
    name: c.user,
    password: config.getSecret(`password-${c.user}`) ?? pulumi.secret(`${c.user}-emulator-only`),
    mechanism: "SASL_MECHANISM_SCRAM_SHA_512",
  });
  for (const topic of c.topics) {
    new redpanda.Acl(`acl-${c.user}-${topic}`, {
      dataplaneApiUrl,
      principal: pulumi.interpolate`User:${user.name}`,
      resourceType: "RESOURCE_TYPE_TOPIC",
      resourceName: topic,
      resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
      operation: "OPERATION_READ",
      permissionType: "PERMISSION_TYPE_ALLOW",
    });
  }
}

export const clusterDataplaneApiUrl = dataplaneApiUrl;
export const topics = streams.topics.map((t) => t.name);
