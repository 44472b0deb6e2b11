/** What every data-plane resource's lifecycle shares: the client of its cluster's data plane. */
import type { DataPlaneClient } from "../transport/dataplane";
import { getClients } from "./context";

/** The data-plane client at `url` (every form of one cluster's address shares one). */
export function dp(url: string): DataPlaneClient {
  return getClients().dataPlane(url);
}
