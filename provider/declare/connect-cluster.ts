/** The Kafka Connect cluster name connectors and their secrets live in. */
import * as z from "zod";
import type { Field } from "./declare";

export const connectClusterName = {
  schema: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[a-zA-Z0-9-_]+$/)
    .default("redpanda"),
  change: "replace",
  doc: "Kafka Connect cluster; always `redpanda` on Redpanda Cloud",
} satisfies Field;
