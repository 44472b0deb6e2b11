/**
 * The answer to a request that starts a long-running operation on a resource (its create, an
 * update or its delete): the operation, recorded as the resource's operation in flight, in a 202 —
 * the vendor's control-plane shape for clusters, networks, peerings and links.
 */
import type { FastifyReply } from "fastify";
import type { EmulatorContext } from "./context";
import type { Json } from "./domain/records";
import { operationView } from "./views";

/** Starts an operation of `type` on `rec` at `now` and answers it (`metadata`: the wire's). */
export function startOperation(
  ctx: EmulatorContext,
  reply: FastifyReply,
  rec: { id: string; opId?: string },
  type: string,
  metadata: Json | undefined,
  now: number,
) {
  const op = ctx.timeline.newOperation(ctx.world, now, type, rec.id, metadata);
  rec.opId = op.id;
  ctx.touch();
  return reply.code(202).send({ operation: operationView(ctx, op) });
}
