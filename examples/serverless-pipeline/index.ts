// A Serverless cluster (no network to manage), a topic on it and a Redpanda Connect pipeline that
// writes generated events into the topic. `pipelineState` (running|stopped) starts or stops it.
import * as pulumi from "@pulumi/pulumi";
import * as redpanda from "pulumi-redpanda-cloud";

const config = new pulumi.Config();

const group = new redpanda.ResourceGroup("group", { name: "serverless" });

const cluster = new redpanda.ServerlessCluster("cluster", {
  name: "serverless-events",
  resourceGroupId: group.id,
  serverlessRegion: config.get("serverlessRegion") ?? "us-east-1",
});

const clicks = new redpanda.Topic("clicks", {
  dataplaneApiUrl: cluster.dataplaneApiUrl,
  name: "clicks",
  partitionCount: 3,
  configs: { "retention.ms": "86400000" },
});

const pipeline = new redpanda.Pipeline("click-generator", {
  dataplaneApiUrl: cluster.dataplaneApiUrl,
  displayName: "click-generator",
  description: "Writes a synthetic click event every second",
  configYaml: pulumi.interpolate`input:
  generate:
    interval: 1s
    mapping: 'root = {"user": uuid_v4(), "at": now()}'
output:
  redpanda:
    seed_brokers: ["\${REDPANDA_BROKERS}"]
    topic: ${clicks.name}
`,
  resources: { cpuShares: "100m", memoryShares: "256Mi" },
  state: (config.get("pipelineState") ?? "running") as "running" | "stopped",
});

export const clusterId = cluster.id;
export const clusterDataplaneApiUrl = cluster.dataplaneApiUrl;
export const topic = clicks.name;
export const pipelineId = pipeline.id;
export const pipelineState = pipeline.apiState;
