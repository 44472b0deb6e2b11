/**
 * Kafka Connect runs only on BYOC and Dedicated clusters (pipelines run on every kind: see
 * emulator/context.ts requireKind for the evidence): a Serverless cluster's data plane answers its
 * routes UNIMPLEMENTED (or FAILED_PRECONDITION). Connectors and connector secrets say the rule in
 * our words on a create; a listing there finds none, rather than failing a whole cluster's
 * discovery.
 */
import { ApiError, RedpandaError } from "../../transport/errors";

/** Whether the data plane refused a Kafka Connect call because the cluster has no Kafka Connect. */
function noKafkaConnect(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status !== 0 &&
    (err.code === "UNIMPLEMENTED" || err.code === "FAILED_PRECONDITION")
  );
}

/** Runs a Kafka Connect call; the refusal of a cluster without it says the rule, keeping the API's. */
export async function underKindRule<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!noKafkaConnect(err)) throw err;
    const rule =
      "Connectors and connector secrets are available only on BYOC and Dedicated clusters";
    throw new RedpandaError(
      `${rule}; this cluster's data plane refused the call. ${(err as Error).message}`,
      { cause: err },
    );
  }
}

/** A listing of Kafka Connect objects: none on a cluster without Kafka Connect. */
export async function withoutKafkaConnect<T>(list: () => Promise<T[]>): Promise<T[]> {
  try {
    return await list();
  } catch (err) {
    if (noKafkaConnect(err)) return [];
    throw err;
  }
}
