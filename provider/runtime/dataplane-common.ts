/** The Kafka Connect kinds' cluster-kind rule, in our words (connector, connector secret). */
import { ApiError, RedpandaError } from "../errors";

/**
 * Kafka Connect runs only on BYOC and Dedicated clusters (pipelines run on every kind: see
 * emulator/context.ts requireKind for the evidence). The API answers a Serverless cluster with
 * UNIMPLEMENTED; say the rule in our words, keep the API's.
 */
export async function underKindRule<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (
      err instanceof ApiError &&
      (err.code === "UNIMPLEMENTED" || err.code === "FAILED_PRECONDITION") &&
      err.status !== 0
    ) {
      const rule =
        "Connectors and connector secrets are available only on BYOC and Dedicated clusters";
      throw new RedpandaError(
        `${rule}; this cluster's data plane refused the call. ${err.message}`,
        { cause: err },
      );
    }
    throw err;
  }
}
