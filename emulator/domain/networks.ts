/** Networks as other kinds see them: the cluster types a network is for, and the lookup by id. */
import type { EmulatorContext } from "../context";
import { notFound } from "../errors";
import type { NetworkRec } from "./records";

/** The cluster types a network is made for. */
export const CLUSTER_TYPES = ["TYPE_DEDICATED", "TYPE_BYOC"] as const;

/** The network with this id, or NOT_FOUND. */
export function findNetwork(ctx: EmulatorContext, id: string): NetworkRec {
  const n = ctx.world.networks[id];
  if (!n) throw notFound("network", "REASON_NETWORK_NOT_FOUND");
  return n;
}
