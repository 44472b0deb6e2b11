/**
 * What Kafka Connect's routes share: the path segments, the one connect cluster ("redpanda") and
 * the errors its REST API surfaces.
 */
import type { EmulatorContext } from "../context";
import { dataplaneFor, requireKind } from "../dataplane";
import { ApiError } from "../errors";
import type { Dataplane } from "./records";

/** The path parameters of every Kafka Connect route. */
export type ConnectParams = { clusterId: string; cluster: string };
/** The vendor spells the segment `kafka-connect`; api-spec.md's stand-in is accepted too. */
export const CONNECT_SEGMENTS = ["kafka-connect", "connector-runtime"];

/** Kafka Connect REST errors surface with this reason (Console's kafkaconnect service). */
export const connectError = (
  code: "NOT_FOUND" | "ALREADY_EXISTS" | "INVALID_ARGUMENT",
  message: string,
) => new ApiError(code, message, "REASON_KAFKA_CONNECT_API_ERROR");

/** The data plane of a cluster that runs Kafka Connect, for its one connect cluster. */
export function connectDataplane(ctx: EmulatorContext, p: ConnectParams): Dataplane {
  const t = dataplaneFor(ctx, p.clusterId);
  requireKind(t, "kafka-connect");
  if (p.cluster !== "redpanda")
    throw connectError(
      "NOT_FOUND",
      `connect cluster ${p.cluster} not found; on Redpanda Cloud it is "redpanda"`,
    );
  return t.dp;
}
