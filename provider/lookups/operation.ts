/** The lookup no kind owns: a long-running operation by id (the package exports it; the plugin serves it as a function). */
import type { Operation } from "../transport/zod-shapes";
import { lookupClients } from "../runtime/lookup-clients";
import type { CallContext } from "../runtime/context";

/** A long-running operation as {@link getOperation} returns it. */
export interface OperationInfo {
  /** The object's id. */
  id: string;
  /** Its type enum string (`TYPE_DEDICATED`, `TYPE_CREATE_CLUSTER`, …). */
  type: string;
  /** The API's state, e.g. `STATE_READY` or `STATE_COMPLETED`. */
  state: string;
  /** Id of the resource the operation acts on (empty if none). */
  resourceId: string;
  /** The operation's error message when it FAILED (else empty). */
  errorMessage: string;
}

/** A long-running operation by id. */
export async function getOperation(id: string, ctx?: CallContext): Promise<OperationInfo> {
  const op: Operation = await lookupClients(ctx).controlPlane.getOperation(id);
  return {
    id: op.id,
    type: op.type,
    state: op.state,
    resourceId: op.resource_id ?? "",
    errorMessage: op.error?.message ?? "",
  };
}
