import type { FastifyInstance } from "fastify";
import type { EmulatorContext, Services } from "../context";
import { advance } from "../domain/clock";
import { notFound, precondition } from "../errors";

/**
 * What the vendor's BYOC agent does, reduced to its effect on the control plane: `apply` lets a
 * cluster in STATE_CREATING_AGENT go on, `destroy` lets one in STATE_DELETING_AGENT finish.
 * The stand-in CLI (`emulator/bin/rpk`) calls these.
 */
export function registerByocAgent(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { tokens }: Services,
): void {
  app.post<{ Params: { id: string; action: string } }>(
    "/_emulator/byoc/:id/:action",
    async (req) => {
      // Like the API: no local process moves a cluster on without a token the run accepts.
      tokens.authenticate(req.headers.authorization, ctx.now());
      const c = ctx.world.clusters[req.params.id];
      if (!c) throw notFound(`cluster ${req.params.id}`, "REASON_CLUSTER_NOT_FOUND");
      if (c.type !== "TYPE_BYOC")
        throw precondition(`cluster ${c.id} is not a BYOC cluster`, "REASON_CLUSTER_TYPE_MISMATCH");
      const now = ctx.now();
      if (req.params.action === "apply") {
        c.agentApplied = true;
        if (c.state === "STATE_CREATING_AGENT" && c.pending) c.pending.at = now;
      } else if (req.params.action === "destroy") {
        c.agentDestroyed = true;
        if (c.state === "STATE_DELETING_AGENT" && c.pending) c.pending.at = now;
      } else {
        throw notFound(`agent action ${req.params.action}`);
      }
      advance(ctx.world, now, ctx.timeline);
      ctx.touch();
      return { cluster_id: c.id, state: ctx.world.clusters[c.id]?.state ?? "STATE_DELETED" };
    },
  );
}
