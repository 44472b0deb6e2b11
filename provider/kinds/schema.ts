/**
 * Schema: one subject of a cluster's Schema Registry. A changed schema (text, type or references)
 * registers a new version, checked by the registry against the subject's compatibility level;
 * the compatibility level and credentials update in place; delete removes the subject (soft,
 * then permanently).
 */
import { z } from "zod";
import { SCHEMA_TYPES } from "../client/schema";
import type { SubjectVersion } from "../client/schema";
import { declareKind } from "./declare";
import { adoptId, allowDeletion } from "./fields";
import type { InputsOf } from "./declare";
import { registryCredentials, schemaRegistryUrl } from "./schema-registry-fields";

export const COMPATIBILITY_LEVELS = [
  "BACKWARD",
  "BACKWARD_TRANSITIVE",
  "FORWARD",
  "FORWARD_TRANSITIVE",
  "FULL",
  "FULL_TRANSITIVE",
  "NONE",
] as const;

const reference = z
  .object({
    name: z
      .string()
      .min(1)
      .describe(
        "The name the schema uses for it: an Avro full name or a `.proto` import path; changing it updates in place (a new version)",
      ),
    subject: z
      .string()
      .min(1)
      .describe(
        "The subject the referenced schema is registered under; changing it updates in place (a new version)",
      ),
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The referenced version of that subject; changing it updates in place (a new version)",
      ),
  })
  .strict()
  .describe("A schema this one refers to.");

export const schemaKind = declareKind({
  type: "Schema",
  doc: "A subject of a cluster's Schema Registry: a schema registered as its versions.",
  fields: {
    schemaRegistryUrl,
    subject: {
      schema: z.string().min(1).max(255),
      change: "replace",
      doc: "Subject name, e.g. `orders-value`",
    },
    schemaType: {
      schema: z.enum(SCHEMA_TYPES).default("AVRO"),
      change: "update",
      doc: "`AVRO`, `PROTOBUF` or `JSON`; a change registers a new version",
    },
    schema: {
      schema: z.string().min(1, "schema must not be empty"),
      change: "update",
      doc: "The schema's text; a change registers a new version, which the registry checks against the subject's compatibility",
    },
    references: {
      schema: z.array(reference).optional(),
      change: "update",
      doc: "Schemas this one refers to: `[{ name, subject, version }]`; a change registers a new version",
      publicType: "SchemaReferenceArgs[]",
    },
    compatibility: {
      schema: z.enum(COMPATIBILITY_LEVELS).optional(),
      change: "update",
      doc: "The subject's compatibility level; the registry's global level when unset",
    },
    ...registryCredentials,
    adoptId: adoptId(
      "The subject's name, to take over a subject that already holds other schemas (the declared one is registered as its next version)",
    ),
    allowDeletion,
  },
  rules(v, ctx) {
    if (v.adoptId !== undefined && v.adoptId !== v.subject) {
      ctx.addIssue({
        code: "custom",
        path: ["adoptId"],
        message: "adoptId of a Schema is its subject's name (the same as subject)",
      });
    }
    if ((v.username === undefined) !== (v.password === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [v.username === undefined ? "username" : "password"],
        message:
          "username and password go together (HTTP Basic); leave both out to use the API token",
      });
    }
    if (v.schemaType === "PROTOBUF") return;
    try {
      JSON.parse(v.schema);
    } catch (err) {
      ctx.addIssue({
        code: "custom",
        path: ["schema"],
        message: `an ${v.schemaType} schema is JSON: ${(err as Error).message}`,
      });
    }
  },
  types: { SchemaReferenceArgs: reference },
  clusterKinds: "all",
  outputs: {
    schemaId: {
      type: "number",
      doc: "The registry's id of the schema (shared by identical schemas).",
    },
    version: { type: "number", doc: "The subject's version holding the schema." },
  },
});

export type SchemaInputs = InputsOf<typeof schemaKind.fields>;
export type SchemaOutputs = SchemaInputs & { id: string; schemaId: number; version: number };

/** The registration body. */
export function toApi(i: SchemaInputs): {
  schema: string;
  schemaType: string;
  references: { name: string; subject: string; version: number }[];
} {
  return { schema: i.schema, schemaType: i.schemaType, references: i.references ?? [] };
}

/** Whether a registered version is exactly what the inputs declare. */
export function sameSchema(i: SchemaInputs, v: SubjectVersion): boolean {
  const want = toApi(i);
  return (
    v.schema === want.schema &&
    v.schemaType === want.schemaType &&
    JSON.stringify(v.references) === JSON.stringify(want.references)
  );
}

/** The state a read gives: the subject's latest version as the registry has it. */
export function fromApi(v: SubjectVersion, props: SchemaInputs): Omit<SchemaOutputs, "id"> {
  return {
    ...props,
    schema: v.schema,
    schemaType: v.schemaType as SchemaInputs["schemaType"],
    ...(props.references !== undefined || v.references.length > 0
      ? { references: v.references }
      : {}),
    schemaId: v.id,
    version: v.version,
  };
}
