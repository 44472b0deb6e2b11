/**
 * Schema Registry ACLs (`/security/acls` of a cluster's registry): create, filter-list, delete.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import type { Credentials } from "../schema/api";
import { normalizeApiUrl } from "../../transport/endpoint";
import type { Transport } from "../../transport/http";

export const srAclSchema = z.object({
  principal: z.string(),
  resource: z.string(),
  resource_type: z.string(),
  pattern_type: z.string(),
  host: z.string(),
  operation: z.string(),
  permission: z.string(),
});
export type SrAcl = z.infer<typeof srAclSchema>;

export class SchemaRegistryAclClient {
  constructor(
    private readonly transport: Transport,
    private readonly base: string,
    private readonly credentials?: Credentials,
  ) {}

  private request<T>(
    method: "GET" | "POST" | "DELETE",
    options: { body?: unknown; query?: Record<string, string>; schema?: z.ZodType<T> },
  ): Promise<T> {
    return this.transport.request({
      method,
      url: `${this.base.replace(/\/+$/, "")}/security/acls`,
      // Creating an identical ACL again is a no-op; deleting one that is gone matches nothing.
      idempotent: true,
      ...options,
      ...(this.credentials ? { basicAuth: this.credentials } : {}),
    });
  }

  async create(acl: SrAcl): Promise<void> {
    await this.request("POST", { body: [acl] });
  }

  /** The ACLs matching every given field. */
  list(filter: Partial<SrAcl>): Promise<SrAcl[]> {
    return this.request("GET", {
      query: Object.fromEntries(
        Object.entries(filter).filter(([, v]) => v !== undefined),
      ) as Record<string, string>,
      schema: z
        .array(srAclSchema)
        .nullish()
        .transform((v) => v ?? []),
    });
  }

  async delete(acl: SrAcl): Promise<void> {
    await this.request("DELETE", { body: [acl] });
  }
}

/** A cluster's Schema Registry ACLs at the normalized form of its URL, over the shared transport. */
export function schemaRegistryAclsAt(
  transport: Transport,
  url: string,
  credentials?: Credentials,
): SchemaRegistryAclClient {
  return new SchemaRegistryAclClient(transport, normalizeApiUrl(url), credentials);
}
