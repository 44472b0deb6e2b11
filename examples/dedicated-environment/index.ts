// A whole Dedicated environment: ResourceGroup → Network → Cluster, then on the cluster's data plane
// a user with an ACL, two topics, a Kafka Connect secret and an S3 sink connector that reads it.
// Every name and placement is stack config, so the same program runs against the emulator and the
// real cloud (see README.md).
import * as pulumi from "@pulumi/pulumi";
import * as redpanda from "pulumi-redpanda-cloud";

const config = new pulumi.Config();
const env = config.get("environment") ?? "demo";
const cloudProvider = (config.get("cloudProvider") ??
  "CLOUD_PROVIDER_AWS") as redpanda.CloudProvider;
const region = config.get("region") ?? "us-east-1";
const zones = config.getObject<string[]>("zones") ?? ["use1-az1"];
const throughputTier = config.get("throughputTier") ?? "tier-1-aws-v3-arm";
// Secrets come from `pulumi config set --secret`; the defaults only suit the emulator.
const appPassword = config.getSecret("appPassword") ?? pulumi.secret("change-me-in-config");
const s3SecretKey = config.getSecret("s3SecretAccessKey") ?? pulumi.secret("emulator-only-key");

const group = new redpanda.ResourceGroup("group", { name: `${env}-streaming` });

const network = new redpanda.Network("network", {
  name: `${env}-network`,
  resourceGroupId: group.id,
  cloudProvider,
  region,
  cidrBlock: config.get("cidrBlock") ?? "10.40.0.0/20",
  clusterType: "TYPE_DEDICATED",
});

const cluster = new redpanda.Cluster("cluster", {
  name: `${env}-cluster`,
  resourceGroupId: group.id,
  networkId: network.id,
  cloudProvider,
  region,
  zones,
  throughputTier,
  type: "TYPE_DEDICATED",
  kafkaConnect: true,
});

const dataplaneApiUrl = cluster.dataplaneApiUrl;

const app = new redpanda.User("app-user", {
  dataplaneApiUrl,
  name: "orders-app",
  password: appPassword,
  mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
});

const orders = new redpanda.Topic("orders", {
  dataplaneApiUrl,
  name: "orders",
  partitionCount: 6,
  configs: { "retention.ms": "604800000", "cleanup.policy": "delete" },
});

const ordersDlq = new redpanda.Topic("orders-dlq", {
  dataplaneApiUrl,
  name: "orders-dlq",
  partitionCount: 1,
});

for (const operation of ["OPERATION_READ", "OPERATION_WRITE"] as const) {
  new redpanda.Acl(`app-${operation.toLowerCase()}`, {
    dataplaneApiUrl,
    principal: pulumi.interpolate`User:${app.name}`,
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "orders",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_PREFIXED",
    operation,
    permissionType: "PERMISSION_TYPE_ALLOW",
  });
}

// The consumer groups the app reads with (`orders-app-…`).
new redpanda.Acl("app-group-read", {
  dataplaneApiUrl,
  principal: pulumi.interpolate`User:${app.name}`,
  resourceType: "RESOURCE_TYPE_GROUP",
  resourceName: pulumi.interpolate`${app.name}-`,
  resourcePatternType: "RESOURCE_PATTERN_TYPE_PREFIXED",
  operation: "OPERATION_READ",
  permissionType: "PERMISSION_TYPE_ALLOW",
});

const s3Credentials = new redpanda.ConnectorSecret("s3-credentials", {
  dataplaneApiUrl,
  name: "s3-credentials",
  secretData: { "aws.secret.access.key": s3SecretKey },
});

const sink = new redpanda.Connector("orders-to-s3", {
  dataplaneApiUrl,
  name: "orders-to-s3",
  config: {
    "connector.class": "com.redpanda.kafka.connect.s3.S3SinkConnector",
    topics: orders.name,
    "aws.s3.bucket.name": `${env}-orders-archive`,
    "aws.access.key.id": config.get("s3AccessKeyId") ?? "emulator-access-key",
    // A reference, resolved by the cluster: the connector config itself holds no secret.
    "aws.secret.access.key": s3Credentials.ref("aws.secret.access.key"),
    "errors.deadletterqueue.topic.name": ordersDlq.name,
  },
});

export const resourceGroupId = group.id;
export const networkId = network.id;
export const clusterId = cluster.id;
export const clusterState = cluster.state;
export const clusterDataplaneApiUrl = dataplaneApiUrl;
export const kafkaSeedBrokers = cluster.kafkaSeedBrokers;
export const topics = [orders.name, ordersDlq.name];
export const kafkaUser = app.name;
export const connector = sink.name;
