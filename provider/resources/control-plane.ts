/** Control-plane resources: ResourceGroup, Network, Cluster, ServerlessCluster. */
import * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "./base";
import { RedpandaResource } from "./base";

/** The vendor's cloud provider enum strings. */
export type CloudProvider = "CLOUD_PROVIDER_AWS" | "CLOUD_PROVIDER_GCP" | "CLOUD_PROVIDER_AZURE";
/** The kind of cluster a network holds or a cluster is (Serverless has its own resource). */
export type ClusterType = "TYPE_DEDICATED" | "TYPE_BYOC";

/** Inputs of {@link ResourceGroup}. */
export interface ResourceGroupArgs {
  /** Name; letters, digits and hyphens, at most 253. Changing it renames in place. */
  name: pulumi.Input<string>;
  /** Id of an existing resource group to manage instead of creating one. Ignored after creation. */
  adoptId?: pulumi.Input<string>;
}

/** A resource group: the container networks and clusters are created in. */
export class ResourceGroup extends RedpandaResource {
  /** The group's name. */
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: ResourceGroupArgs, opts?: pulumi.CustomResourceOptions) {
    super("ResourceGroup", name, { ...args }, opts);
  }
}

/** Inputs of {@link Network}. */
export interface NetworkArgs {
  /** Network name, unique in the organization. Changing it replaces the network. */
  name: pulumi.Input<string>;
  /** Resource group id (`resourceGroup.id`). Replaces. */
  resourceGroupId: pulumi.Input<string>;
  /** Cloud provider. Replaces. */
  cloudProvider: pulumi.Input<CloudProvider>;
  /** Cloud region, e.g. `us-central1`. Replaces. */
  region: pulumi.Input<string>;
  /** IPv4 block, /16 to /20, RFC 1918 (BYOC also 100.64.0.0/10), overlapping no other network. Replaces. */
  cidrBlock: pulumi.Input<string>;
  /** Kind of cluster the network will hold. Replaces. */
  clusterType: pulumi.Input<ClusterType>;
  /** Deadlines; defaults create 15 min, delete 15 min. */
  timeouts?: pulumi.Input<Timeouts>;
  /** Id of an existing network to manage instead of creating one. Ignored after creation. */
  adoptId?: pulumi.Input<string>;
}

/** A network for Dedicated or BYOC clusters; created and deleted through long-running operations. */
export class Network extends RedpandaResource {
  /** The network's name. */
  declare readonly name: pulumi.Output<string>;
  /** The API's state, `STATE_READY` once created. */
  declare readonly state: pulumi.Output<string>;
  /** Availability zones the network spans (as the API reports them). */
  declare readonly zones: pulumi.Output<string[]>;
  /** The network's IPv4 block. */
  declare readonly cidrBlock: pulumi.Output<string>;
  constructor(name: string, args: NetworkArgs, opts?: pulumi.CustomResourceOptions) {
    super("Network", name, { state: undefined, zones: undefined, ...args }, opts);
  }
}

/** The vendor CLI's BYOC agent step (`rpk cloud byoc <cloud> apply|destroy --redpanda-id <id>`). */
export interface ByocAgentArgs {
  /** Executable; default `rpk` on PATH. */
  command?: pulumi.Input<string>;
  /** Arguments appended to the standard ones. */
  extraArgs?: pulumi.Input<pulumi.Input<string>[]>;
  /** Extra environment (cloud credentials); the whole `byoc` input is kept secret in state. */
  env?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** GCP project id; required for GCP BYOC clusters. */
  gcpProjectId?: pulumi.Input<string>;
  /** Azure subscription id; required for Azure BYOC clusters. */
  azureSubscriptionId?: pulumi.Input<string>;
}

/** Inputs of {@link Cluster} (Dedicated and BYOC). */
export interface ClusterArgs {
  /** Cluster name, 3–128 of letters, digits, `-`, `:`, `_`. Updates in place. */
  name: pulumi.Input<string>;
  /** Resource group id. Replaces. */
  resourceGroupId: pulumi.Input<string>;
  /** Network id (`network.id`), whose type, cloud and region must match. Replaces. */
  networkId: pulumi.Input<string>;
  /** Cloud provider. Replaces. */
  cloudProvider: pulumi.Input<CloudProvider>;
  /** Region of the network. Replaces. */
  region: pulumi.Input<string>;
  /** Availability zones, a subset of the network's. Replaces. */
  zones: pulumi.Input<pulumi.Input<string>[]>;
  /** Usage tier, e.g. `tier-1-gcp-v2-x86`. Updates in place. */
  throughputTier: pulumi.Input<string>;
  /** `TYPE_DEDICATED` or `TYPE_BYOC`. Replaces. */
  type: pulumi.Input<ClusterType>;
  /** Default `CONNECTION_TYPE_PUBLIC`. Replaces. */
  connectionType?: pulumi.Input<"CONNECTION_TYPE_PUBLIC" | "CONNECTION_TYPE_PRIVATE">;
  /** Redpanda version "major.minor"; server default when unset. Replaces. */
  redpandaVersion?: pulumi.Input<string>;
  /** Enables Kafka Connect (needed for connectors). Updates in place. */
  kafkaConnect?: pulumi.Input<boolean>;
  /** Tags on the cloud resources. Updates in place. */
  cloudProviderTags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** BYOC agent settings (BYOC only). Never updates or replaces. */
  byoc?: pulumi.Input<ByocAgentArgs>;
  /** Deadlines; defaults create 90 min, update 180 min, delete 90 min. */
  timeouts?: pulumi.Input<Timeouts>;
  /** Id of an existing cluster to manage instead of creating one. Ignored after creation. */
  adoptId?: pulumi.Input<string>;
}

/** A Dedicated or BYOC cluster. Its `dataplaneApiUrl` feeds topics, users, ACLs and connectors. */
export class Cluster extends RedpandaResource {
  /** The cluster's name. */
  declare readonly name: pulumi.Output<string>;
  /** The API's state, `STATE_READY` once created. */
  declare readonly state: pulumi.Output<string>;
  /** The cluster's data-plane API URL. */
  declare readonly dataplaneApiUrl: pulumi.Output<string>;
  /** Kafka API seed brokers, `host:port`. */
  declare readonly kafkaSeedBrokers: pulumi.Output<string[]>;
  /** The Redpanda version the cluster runs. */
  declare readonly currentRedpandaVersion: pulumi.Output<string>;
  /** The cluster's throughput tier. */
  declare readonly throughputTier: pulumi.Output<string>;
  /** `TYPE_DEDICATED` or `TYPE_BYOC`. */
  declare readonly type: pulumi.Output<string>;
  constructor(name: string, args: ClusterArgs, opts?: pulumi.CustomResourceOptions) {
    const props = {
      state: undefined,
      dataplaneApiUrl: undefined,
      kafkaSeedBrokers: undefined,
      currentRedpandaVersion: undefined,
      ...args,
      byoc: args.byoc === undefined ? undefined : pulumi.secret(args.byoc),
    };
    super("Cluster", name, props, opts);
  }
}

/** Inputs of {@link ServerlessCluster}. */
export interface ServerlessClusterArgs {
  /** Name, 3–128 of letters, digits, `-`, `_`, `:`. Replaces. */
  name: pulumi.Input<string>;
  /** Resource group id. Replaces. */
  resourceGroupId: pulumi.Input<string>;
  /** Serverless region, e.g. `us-east-1`. Replaces. */
  serverlessRegion: pulumi.Input<string>;
  /** Tags (at most 50). Update in place. */
  tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Deadlines; defaults 30 min each. */
  timeouts?: pulumi.Input<Timeouts>;
  /** Id of an existing serverless cluster to manage instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A Serverless cluster; pipelines run here (and on BYOC), connectors do not. */
export class ServerlessCluster extends RedpandaResource {
  /** The cluster's name. */
  declare readonly name: pulumi.Output<string>;
  /** The API's state, `STATE_READY` once created. */
  declare readonly state: pulumi.Output<string>;
  /** The cluster's data-plane API URL (topics, users, ACLs, pipelines). */
  declare readonly dataplaneApiUrl: pulumi.Output<string>;
  constructor(name: string, args: ServerlessClusterArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "ServerlessCluster",
      name,
      { state: undefined, dataplaneApiUrl: undefined, ...args },
      opts,
    );
  }
}
