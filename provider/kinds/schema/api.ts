/**
 * A cluster's Schema Registry (the Confluent-compatible API at the cluster's `schemaRegistryUrl`):
 * subjects' versions and compatibility. Authenticates with the APIs' bearer token, or with HTTP
 * Basic credentials when given.
 */
import * as z from "zod";
import { normalizeApiUrl } from "../../transport/endpoint";
import type { Transport } from "../../transport/http";

export const SCHEMA_TYPES = ["AVRO", "PROTOBUF", "JSON"] as const;

const reference = z.object({ name: z.string(), subject: z.string(), version: z.number() });
export type SchemaReference = z.infer<typeof reference>;

export const subjectVersionSchema = z.object({
  subject: z.string(),
  version: z.number(),
  id: z.number(),
  // The registry leaves the type out for Avro.
  schemaType: z
    .string()
    .nullish()
    .transform((v) => v ?? "AVRO"),
  schema: z.string(),
  references: z
    .array(reference)
    .nullish()
    .transform((v) => v ?? []),
});
export type SubjectVersion = z.infer<typeof subjectVersionSchema>;

export interface Credentials {
  username: string;
  password: string;
}

export class SchemaRegistryClient {
  constructor(
    private readonly transport: Transport,
    private readonly base: string,
    private readonly credentials?: Credentials,
  ) {}

  private url(path: string): string {
    return `${this.base.replace(/\/+$/, "")}${path}`;
  }

  private subject(subject: string): string {
    return `/subjects/${encodeURIComponent(subject)}`;
  }

  private call<T>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    options: { body?: unknown; query?: Record<string, string>; schema?: z.ZodType<T> } = {},
  ): Promise<T> {
    return this.transport.request({
      method,
      url: this.url(path),
      // Registering the same schema again returns the same id: safe to re-send.
      idempotent: true,
      ...options,
      ...(this.credentials ? { basicAuth: this.credentials } : {}),
    });
  }

  /** Registers a schema version under a subject (or finds the identical one): its id. */
  async register(
    subject: string,
    schema: { schema: string; schemaType: string; references: SchemaReference[] },
  ): Promise<number> {
    const res = await this.call("POST", `${this.subject(subject)}/versions`, {
      body: schema,
      schema: z.object({ id: z.number() }),
    });
    return res.id;
  }

  /** Every subject of the registry (not paged: the registry answers them all at once). */
  subjects(): Promise<string[]> {
    return this.call("GET", "/subjects", { schema: z.array(z.string()) });
  }

  /** A version of a subject (`latest` by default), or NOT_FOUND. */
  version(subject: string, version: number | "latest" = "latest"): Promise<SubjectVersion> {
    return this.call("GET", `${this.subject(subject)}/versions/${version}`, {
      schema: subjectVersionSchema,
    });
  }

  /** The subject's own compatibility level, or undefined when it follows the global one. */
  async compatibility(subject: string): Promise<string | undefined> {
    try {
      const res = await this.call("GET", `/config/${encodeURIComponent(subject)}`, {
        schema: z.object({ compatibilityLevel: z.string() }),
      });
      return res.compatibilityLevel;
    } catch (err) {
      if ((err as { status?: number }).status === 404) return undefined;
      throw err;
    }
  }

  async setCompatibility(subject: string, level: string): Promise<void> {
    await this.call("PUT", `/config/${encodeURIComponent(subject)}`, {
      body: { compatibility: level },
    });
  }

  /** Soft-deletes the subject (unless it already is), then permanently. */
  async deleteSubject(subject: string): Promise<void> {
    try {
      await this.call("DELETE", this.subject(subject));
    } catch (err) {
      // 40404: soft-deleted already (an earlier delete stopped half way).
      if ((err as { reason?: string }).reason !== "error_code 40404") throw err;
    }
    await this.call("DELETE", this.subject(subject), { query: { permanent: "true" } });
  }
}

/**
 * A cluster's Schema Registry at the normalized form of its URL, over the shared transport
 * (`Clients.transport`), with HTTP Basic credentials or the bearer token.
 */
export function schemaRegistryAt(
  transport: Transport,
  url: string,
  credentials?: Credentials,
): SchemaRegistryClient {
  return new SchemaRegistryClient(transport, normalizeApiUrl(url), credentials);
}
