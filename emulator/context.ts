/** What every route module shares: the world, the clock, the timeline and the addresses. */
import type { Dataplane, World } from "./store";
import type { Timeline } from "./world";
import { ApiError, notFound } from "./errors";

export interface EmulatorContext {
  /** The live world; `reset` replaces its contents in place. */
  world: World;
  now(): number;
  timeline: Timeline;
  /** Marks the world as changed: it is persisted before the response is sent. */
  touch(): void;
  /** Control-plane base URL, e.g. `http://127.0.0.1:4010`. */
  baseUrl(): string;
  /**
   * The regions page alone decides what is offered (`--catalog strict`); otherwise the page and
   * the placements the vendor's examples use (catalog.ts).
   */
  strictCatalog?: boolean;
  /** With a Kafka broker per cluster: its bootstrap addresses (the views report them). */
  kafkaSeedBrokers?: (clusterId: string) => string[] | undefined;
  /**
   * Test control (`PUT /_admin/dataplane-url/{clusterId}`): the data-plane URL a cluster's record
   * reports instead of its own, as the vendor's control plane once changed the form it reports
   * (`host:443`, later `https://host`: Terraform's #317). Routing does not change.
   */
  reportedDataplaneUrls: Map<string, string>;
}

/** Each cluster's data plane lives under this prefix of the same server. */
export const DATAPLANE_PREFIX = "/dp";

/** The data-plane URL a cluster's record reports. */
export function dataplaneUrl(ctx: EmulatorContext, clusterId: string): string {
  return (
    ctx.reportedDataplaneUrls.get(clusterId) ?? `${ctx.baseUrl()}${DATAPLANE_PREFIX}/${clusterId}`
  );
}

export type ClusterKind = "TYPE_DEDICATED" | "TYPE_BYOC" | "SERVERLESS";

export interface DataplaneTarget {
  clusterId: string;
  kind: ClusterKind;
  dp: Dataplane;
}

/** Resolves the cluster behind a data-plane request; it must exist and be READY. */
export function dataplaneFor(ctx: EmulatorContext, clusterId: string): DataplaneTarget {
  const dedicated = ctx.world.clusters[clusterId];
  const serverless = ctx.world.serverless[clusterId];
  const state = dedicated?.state ?? serverless?.state;
  const dp = ctx.world.dataplanes[clusterId];
  if (!state || !dp) throw notFound("cluster");
  if (state !== "STATE_READY") {
    throw new ApiError(
      "UNAVAILABLE",
      `cluster ${clusterId} is not ready (${state})`,
      "REASON_SERVER_ERROR",
    );
  }
  const kind: ClusterKind = dedicated ? (dedicated.type as ClusterKind) : "SERVERLESS";
  return { clusterId, kind, dp };
}

/**
 * Kafka Connect runs only on BYOC and Dedicated clusters. Pipelines (Redpanda Connect) run on
 * every kind: the vendor's Redpanda Connect docs cover pipelines on Serverless, Dedicated and BYOC
 * (docs.redpanda.com/redpanda-cloud/develop/connect/, "Monitor Data Pipelines on BYOC and Dedicated
 * Clusters"), and both pipeline examples of the Terraform provider put one on a Dedicated cluster
 * (redpanda-data/terraform-provider-redpanda@ad3c283: examples/docs/pipeline/main.tf,
 * examples/cluster/azure/main.tf). The original spec's "BYOC and Serverless only" is outdated.
 */
export function requireKind(target: DataplaneTarget, api: "kafka-connect"): void {
  const allowed: ClusterKind[] = ["TYPE_BYOC", "TYPE_DEDICATED"];
  if (!allowed.includes(target.kind)) {
    throw new ApiError(
      "UNIMPLEMENTED",
      `the Kafka Connect API (${api}) is available only on BYOC and Dedicated clusters; cluster ${target.clusterId} is ${target.kind}`,
      "REASON_FEATURE_NOT_CONFIGURED",
    );
  }
}
