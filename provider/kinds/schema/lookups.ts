/** The lookup of a registered schema, for programs (the package exports it; the plugin serves it as a function). */
import { lookupClients } from "../../runtime/lookup-clients";
import type { CallContext } from "../../runtime/context";
import { schemaRegistryAt } from "./api";

/** A registered schema as {@link getSchema} returns it. */
export interface SchemaInfo {
  /** The subject. */
  subject: string;
  /** The subject's version. */
  version: number;
  /** The registry's id of the schema. */
  id: number;
  /** `AVRO`, `PROTOBUF` or `JSON`. */
  schemaType: string;
  /** The schema's text. */
  schema: string;
  /** Schemas it refers to. */
  references: {
    /** The name the schema refers to it by (an import path, a full Avro name). */
    name: string;
    /** The referenced subject. */
    subject: string;
    /** The referenced subject's version. */
    version: number;
  }[];
}

/**
 * A subject's schema from a cluster's Schema Registry: the latest version, or `version`. Signs in
 * with `username`/`password` (HTTP Basic) when given, else with the APIs' token.
 */
export async function getSchema(
  query: {
    /** The cluster's Schema Registry URL (`cluster.schemaRegistryUrl`). */
    schemaRegistryUrl: string;
    /** The subject. */
    subject: string;
    /** The subject's version; the latest when unset. */
    version?: number;
    /** A Schema Registry user (HTTP Basic), with `password`. */
    username?: string;
    /** That user's password. */
    password?: string;
  },
  ctx?: CallContext,
): Promise<SchemaInfo> {
  const credentials =
    query.username && query.password
      ? { username: query.username, password: query.password }
      : undefined;
  const registry = schemaRegistryAt(
    lookupClients(ctx).transport,
    query.schemaRegistryUrl,
    credentials,
  );
  const v = await registry.version(query.subject, query.version ?? "latest");
  return {
    subject: v.subject,
    version: v.version,
    id: v.id,
    schemaType: v.schemaType,
    schema: v.schema,
    references: v.references,
  };
}
