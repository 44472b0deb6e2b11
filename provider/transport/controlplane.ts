/**
 * The control-plane API (base `https://api.redpanda.com` by default): the shared plumbing its
 * kinds' calls (provider/kinds/<kind>/api.ts) use, and the calls that belong to no kind
 * (operations, the region catalogue, organization users, the permission catalogue). Creates are
 * POSTs that are never blindly re-sent.
 */
import * as z from "zod";
import { ApiClient } from "./api-client";
import type { Attempt, Retried, Transport } from "./http";
import type { Operation, OrgUser, Permission, Region, ServerlessRegion } from "./zod-shapes";
import {
  operationResponse,
  orgUserSchema,
  permissionSchema,
  regionSchema,
  serverlessRegionSchema,
  wrapped,
} from "./zod-shapes";

export const DEFAULT_API_URL = "https://api.redpanda.com";

export class ControlPlaneClient extends ApiClient implements Retried<ControlPlaneClient> {
  constructor(
    transport: Transport,
    readonly apiUrl: string = DEFAULT_API_URL,
  ) {
    super(transport, apiUrl, 100);
  }

  within(attempt: Attempt): ControlPlaneClient {
    return new ControlPlaneClient(this.transport.within(attempt), this.apiUrl);
  }

  // Operations
  getOperation(id: string): Promise<Operation> {
    return this.get(`/v1/operations/${encodeURIComponent(id)}`, operationResponse);
  }

  // Region catalogue (read-only; used by preview-time checks)
  listRegions(cloudProvider: string, clusterType?: string): Promise<Region[]> {
    return this.listAll(
      `/v1/regions/${encodeURIComponent(cloudProvider)}`,
      "regions",
      regionSchema,
      {
        "filter.cluster_type": clusterType,
      },
    );
  }
  getRegion(cloudProvider: string, name: string): Promise<Region> {
    return this.get(
      `/v1/regions/${encodeURIComponent(cloudProvider)}/${encodeURIComponent(name)}`,
      wrapped("region", regionSchema),
    );
  }
  listServerlessRegions(cloudProvider: string): Promise<ServerlessRegion[]> {
    return this.listAll("/v1/serverless/regions", "serverless_regions", serverlessRegionSchema, {
      cloud_provider: cloudProvider,
    });
  }

  // Organization users
  getUser(id: string): Promise<OrgUser> {
    return this.get(`/v1/users/${encodeURIComponent(id)}`, wrapped("user", orgUserSchema));
  }
  listUsers(): Promise<OrgUser[]> {
    return this.listAll("/v1/users", "users", orgUserSchema, {});
  }

  // The permission catalogue (organization roles name permissions from it)
  listPermissions(): Promise<Permission[]> {
    return this.get(
      "/v1/permissions",
      z
        .object({ permissions: z.array(permissionSchema).nullish() })
        .transform((r) => r.permissions ?? []),
    );
  }

  /** A PATCH whose body is `{ <key>: fields, update_mask }`, the mask naming the fields sent. */
  patchMasked<T extends z.ZodType>(
    path: string,
    key: string,
    fields: object,
    schema: T,
  ): Promise<z.output<T>> {
    const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return this.transport.request({
      method: "PATCH",
      url: this.url(path),
      body: { [key]: sent, update_mask: Object.keys(sent).join(",") },
      idempotent: true,
      schema: wrapped(key, schema),
    });
  }
  /** A DELETE of a path: idempotent, so it may be re-sent. */
  remove(path: string): Promise<void> {
    return this.transport.request({ method: "DELETE", url: this.url(path), idempotent: true });
  }
}
