/** Lookups of Serverless clusters and the regions they run in, for programs (the package exports them; the plugin serves them as functions). */
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import * as api from "./api";

/** A Serverless cluster as {@link getServerlessCluster} returns it. */
export interface ServerlessClusterInfo {
  /** The object's id. */
  id: string;
  /** Its name. */
  name: string;
  /** The API's state, e.g. `STATE_READY` or `STATE_COMPLETED`. */
  state: string;
  /** Serverless region. */
  serverlessRegion: string;
  /** Resource group it belongs to. */
  resourceGroupId: string;
  /** Data-plane API URL, for data-plane resources' `dataplaneApiUrl`. */
  dataplaneApiUrl: string;
}

/** A Serverless cluster by id, with its data-plane URL. */
export async function getServerlessCluster(
  id: string,
  ctx?: CallContext,
): Promise<ServerlessClusterInfo> {
  const s = await api.getServerlessCluster(lookupClients(ctx).controlPlane, id);
  return {
    id: s.id,
    name: s.name,
    state: s.state,
    serverlessRegion: s.serverless_region,
    resourceGroupId: s.resource_group_id,
    dataplaneApiUrl: s.dataplane_api.url,
  };
}

/** A Serverless region as {@link getServerlessRegions} returns it. */
export interface ServerlessRegionInfo {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region name, e.g. `us-east-1`. */
  name: string;
}

/** The regions where a cloud runs Serverless clusters. */
export async function getServerlessRegions(
  query: {
    /** Cloud provider enum string, e.g. `CLOUD_PROVIDER_AWS`. */
    cloudProvider: string;
  },
  ctx?: CallContext,
): Promise<ServerlessRegionInfo[]> {
  const list = await lookupClients(ctx).controlPlane.listServerlessRegions(query.cloudProvider);
  return list.map((r) => ({ cloudProvider: r.cloud_provider, name: r.name }));
}
