/**
 * Everything the emulator knows of data-plane addresses, in one place: each cluster's data plane
 * is served at `/dp/{clusterId}/...` and its Schema Registry at `/sr/{clusterId}/...` of the same
 * server; the vendor's contract names data-plane paths without that prefix; and a data-plane
 * request is for a cluster that must exist and be READY.
 */
import type { EmulatorContext } from "./context";
import type { Dataplane } from "./domain/records";
import type { Plane } from "./errors";
import { ApiError, notFound } from "./errors";

/** Each cluster's data plane lives under this prefix of the same server. */
export const DATAPLANE_PREFIX = "/dp";
/** Each cluster's Schema Registry lives under this prefix (routes/schema.ts). */
export const REGISTRY_PREFIX = "/sr";
/** Where the data-plane routes are mounted: `clusterId` is a path parameter of every one. */
export const DATAPLANE_MOUNT = `${DATAPLANE_PREFIX}/:clusterId`;
/** Where the Schema Registry routes are mounted. */
export const REGISTRY_MOUNT = `${REGISTRY_PREFIX}/:clusterId`;

/** The data-plane URL a cluster's record reports. */
export function dataplaneUrl(ctx: EmulatorContext, clusterId: string): string {
  return (
    ctx.reportedDataplaneUrls.get(clusterId) ?? `${ctx.baseUrl()}${DATAPLANE_PREFIX}/${clusterId}`
  );
}

/** A request's path, read once for every hook. */
export interface RequestPath {
  /** The path without the query string. */
  path: string;
  /** `dataplane` under `/dp/{clusterId}`, otherwise `controlplane`. */
  plane: Plane;
  /** The path as the vendor's contract names it: on the data plane without `/dp/{clusterId}`. */
  apiPath: string;
  /** On the data plane: the cluster the path names. */
  clusterId?: string;
  /** A Schema Registry path: it authenticates and reports errors its own way (routes/schema.ts). */
  registry: boolean;
  /** The test-control API (`/_admin/...`). */
  admin: boolean;
  /** Not the vendor's API: the test-control API, the BYOC agent hook or the token endpoint. */
  meta: boolean;
  /** Under `/_`: the emulator's own API, whose answers are not the vendor's. */
  internal: boolean;
}

const DATAPLANE_PATH = /^\/dp\/([^/]+)/;

/** Reads a request URL (with or without its query string): which plane, path and cluster. */
export function requestPath(url: string): RequestPath {
  const path = url.split("?")[0] ?? url;
  const plane: Plane = path.startsWith(`${DATAPLANE_PREFIX}/`) ? "dataplane" : "controlplane";
  const dp = plane === "dataplane" ? DATAPLANE_PATH.exec(path) : null;
  const admin = path.startsWith("/_admin");
  return {
    path,
    plane,
    apiPath: dp ? path.slice(dp[0].length) : path,
    clusterId: dp?.[1],
    registry: path.startsWith(`${REGISTRY_PREFIX}/`),
    admin,
    meta: admin || path.startsWith("/_emulator") || path === "/oauth/token",
    internal: path.startsWith("/_"),
  };
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

/**
 * The Redpanda Connect routes' path segment: the vendor spells it `redpanda-connect`; api-spec.md's
 * stand-in is accepted too (the pipelines and the lint, components and config-schema routes).
 */
export const PIPELINE_SEGMENTS = ["redpanda-connect", "pipeline-connect"];
