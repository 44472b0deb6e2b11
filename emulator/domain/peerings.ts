/** Network peerings: the table, and the customer's side accepting one (the admin API's hook). */
import type { EmulatorContext } from "../context";
import { notFound, precondition } from "../errors";
import type { NetworkPeeringRec, World } from "./records";
import { nowIso } from "./records";

/** The network peerings (absent in old state files: made on first use). */
export const peeringsOf = (world: World): Record<string, NetworkPeeringRec> =>
  (world.networkPeerings ??= {});

/** The customer's side accepted: the peering becomes READY. */
export function acceptPeering(ctx: EmulatorContext, id: string): void {
  const p = peeringsOf(ctx.world)[id];
  if (!p) throw notFound(`network peering ${id}`, "REASON_RESOURCE_NOT_FOUND");
  if (p.state !== "STATE_PENDING_ACCEPTANCE")
    throw precondition(`network peering ${id} is ${p.state}`, "REASON_RESOURCE_NOT_READY");
  p.state = "STATE_READY";
  p.updated_at = nowIso(ctx.now());
  ctx.touch();
}
