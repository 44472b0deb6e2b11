/** Inputs every Schema Registry kind shares: where the registry is, and how to sign in. */
import * as z from "zod";
import { sameClusterAddress } from "../transport/endpoint";
import type { Field } from "./declare";

export const schemaRegistryUrl = {
  schema: z.string().url("schemaRegistryUrl must be a URL (cluster.schemaRegistryUrl)"),
  change: "replace",
  // Another form of the same cluster's registry address changes nothing (see transport/endpoint.ts).
  same: sameClusterAddress,
  doc: "The cluster's Schema Registry URL (`cluster.schemaRegistryUrl`); another form of the same cluster's URL is no change",
} satisfies Field;

/** HTTP Basic credentials; without them, the APIs' bearer token is used. */
export const registryCredentials = {
  username: {
    schema: z.string().min(1).optional(),
    change: "update",
    doc: "Schema Registry user (a SASL user of the cluster) for HTTP Basic; the API token when unset",
  },
  password: {
    schema: z.string().min(1).optional(),
    change: "update",
    secret: true,
    doc: "That user's password; kept secret in state",
  },
} satisfies Record<string, Field>;

/** The credentials a resource signs in with, if it has its own. */
export function credentialsOf(i: {
  username?: string;
  password?: string;
}): { username: string; password: string } | undefined {
  return i.username && i.password ? { username: i.username, password: i.password } : undefined;
}
