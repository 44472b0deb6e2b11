/** The lookup of a cluster's Wasm transforms, for programs (the package exports it; the plugin serves it as a function). */
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import { listTransforms } from "./api";

/** A transform as {@link getTransforms} returns it. */
export interface TransformInfo {
  /** Its name. */
  name: string;
  /** The topic it reads. */
  inputTopicName: string;
  /** The topics it writes to. */
  outputTopicNames: string[];
  /** The names of its environment variables (their values are left out: some are secrets). */
  environmentVariableKeys: string[];
  /** Each partition of its input topic: whether the module runs there. */
  partitions: {
    /** The partition. */
    partitionId: number;
    /** The broker running it. */
    brokerId: number;
    /** `PARTITION_STATUS_RUNNING`, `PARTITION_STATUS_INACTIVE`, `PARTITION_STATUS_ERRORED` or `PARTITION_STATUS_UNKNOWN`. */
    status: string;
    /** Records of the input topic it has not processed yet. */
    lag: number;
  }[];
}

/** The Wasm transforms of a cluster, those whose name contains `nameContains` when given. */
export async function getTransforms(
  query: {
    /** The cluster's data-plane URL (`cluster.dataplaneApiUrl`). */
    dataplaneApiUrl: string;
    /** Only transforms whose name contains this. */
    nameContains?: string;
  },
  ctx?: CallContext,
): Promise<TransformInfo[]> {
  const c = lookupClients(ctx).dataPlane(query.dataplaneApiUrl);
  const list = await listTransforms(c, query.nameContains);
  return list.map((t) => ({
    name: t.name,
    inputTopicName: t.input_topic_name,
    outputTopicNames: t.output_topic_names,
    environmentVariableKeys: t.environment_variables.map((e) => e.key),
    partitions: t.statuses.map((s) => ({
      partitionId: s.partition_id ?? 0,
      brokerId: s.broker_id ?? 0,
      status: s.status,
      lag: s.lag ?? 0,
    })),
  }));
}
