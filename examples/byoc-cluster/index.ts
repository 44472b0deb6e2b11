// A BYOC (bring your own cloud) cluster: the control plane creates the cluster record, then the
// data plane runs in your own cloud account, provisioned by the vendor CLI's agent step
// (`rpk cloud byoc gcp apply --redpanda-id <id> --project-id <project>`), which the Cluster resource
// runs once it reaches STATE_CREATING_AGENT (and `… destroy` on delete).
import * as pulumi from "@pulumi/pulumi";
import * as redpanda from "pulumi-redpanda-cloud";

const config = new pulumi.Config();
const gcpProjectId = config.require("gcpProjectId");
const region = config.get("region") ?? "us-central1";

const group = new redpanda.ResourceGroup("group", { name: "byoc" });

const network = new redpanda.Network("network", {
  name: "byoc-network",
  resourceGroupId: group.id,
  cloudProvider: "CLOUD_PROVIDER_GCP",
  region,
  cidrBlock: config.get("cidrBlock") ?? "10.50.0.0/20",
  clusterType: "TYPE_BYOC",
});

const cluster = new redpanda.Cluster("cluster", {
  name: "byoc-cluster",
  resourceGroupId: group.id,
  networkId: network.id,
  cloudProvider: "CLOUD_PROVIDER_GCP",
  region,
  zones: config.getObject<string[]>("zones") ?? ["us-central1-a"],
  throughputTier: config.get("throughputTier") ?? "tier-1-gcp-v2-x86",
  type: "TYPE_BYOC",
  byoc: {
    // `rpk` on PATH by default: the vendor CLI against the real cloud. Against the emulator, point
    // it at the stand-in `emulator/bin/rpk` (config `rpkCommand`).
    command: config.get("rpkCommand"),
    gcpProjectId,
  },
  // Building a BYOC data plane in your account takes a while; fail with a clear error after this.
  timeouts: { create: "2h", delete: "2h" },
});

const events = new redpanda.Topic("events", {
  dataplaneApiUrl: cluster.dataplaneApiUrl,
  name: "events",
  partitionCount: 12,
});

export const clusterId = cluster.id;
export const clusterState = cluster.state;
export const clusterDataplaneApiUrl = cluster.dataplaneApiUrl;
export const topic = events.name;
