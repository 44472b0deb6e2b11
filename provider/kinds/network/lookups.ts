/** Lookups of networks and of the region catalogue they are placed by, for programs (the package exports them; the plugin serves them as functions). */
import { idOf } from "../../declare/lookup";
import type { LookupKey } from "../../declare/lookup";
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import * as api from "./api";

/** A network as {@link getNetwork} returns it. */
export interface NetworkInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
  /** The API's state, e.g. `STATE_READY`. */
  state: string;
  /** Resource group it belongs to. */
  resourceGroupId: string;
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Cloud region. */
  region: string;
  /** IPv4 block (empty for a customer-managed network). */
  cidrBlock: string;
  /** Kind of cluster it holds: `TYPE_DEDICATED` or `TYPE_BYOC`. */
  clusterType: string;
  /** Availability zones it spans. */
  zones: string[];
}

/** A network by id or by name: `getNetwork({ name: "prod-net" })`. */
export async function getNetwork(key: LookupKey, ctx?: CallContext): Promise<NetworkInfo> {
  const cp = lookupClients(ctx).controlPlane;
  const id = await idOf("network", key, (name) =>
    api.listNetworks(cp, { "filter.name_contains": name }),
  );
  const n = await api.getNetwork(cp, id);
  return {
    id: n.id,
    name: n.name,
    state: n.state,
    resourceGroupId: n.resource_group_id,
    cloudProvider: n.cloud_provider,
    region: n.region,
    cidrBlock: n.cidr_block,
    clusterType: n.cluster_type,
    zones: n.zones,
  };
}

/** A region of the catalogue as {@link getRegions} and {@link getRegion} return it. */
export interface RegionInfo {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region name, e.g. `us-east-1`. */
  name: string;
  /** Availability zones a network there can span. */
  zones: string[];
}

/** The regions a cloud offers, for a cluster type when given (`TYPE_DEDICATED`, `TYPE_BYOC`). */
export async function getRegions(
  query: {
    /** Cloud provider enum string, e.g. `CLOUD_PROVIDER_AWS`. */
    cloudProvider: string;
    /** Only regions offering this cluster type (`TYPE_DEDICATED`, `TYPE_BYOC`). */
    clusterType?: string;
  },
  ctx?: CallContext,
): Promise<RegionInfo[]> {
  const list = await lookupClients(ctx).controlPlane.listRegions(
    query.cloudProvider,
    query.clusterType,
  );
  return list.map((r) => ({ cloudProvider: r.cloud_provider, name: r.name, zones: r.zones }));
}

/** One region of a cloud, with its zones. */
export async function getRegion(
  query: {
    /** Cloud provider enum string, e.g. `CLOUD_PROVIDER_AWS`. */
    cloudProvider: string;
    /** Region name, e.g. `us-east-1`. */
    name: string;
  },
  ctx?: CallContext,
): Promise<RegionInfo> {
  const r = await lookupClients(ctx).controlPlane.getRegion(query.cloudProvider, query.name);
  return { cloudProvider: r.cloud_provider, name: r.name, zones: r.zones };
}
