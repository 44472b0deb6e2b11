/** What every data-plane resource shares: its client and the cluster-kind rules' error. */
import { ApiError, RedpandaError } from "../transport/errors";
import type { DataPlaneClient } from "../transport/dataplane";
import { getClients } from "./context";

export function dp(url: string): DataPlaneClient {
  return getClients().dataPlane(url);
}

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
