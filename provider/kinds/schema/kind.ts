/**
 * Schema: one subject of a cluster's Schema Registry. A changed schema (text, type or references)
 * registers a new version, checked by the registry against the subject's compatibility level;
 * the compatibility level and credentials update in place; delete removes the subject (soft,
 * then permanently).
 */
import * as z from "zod";
import { SCHEMA_TYPES } from "./api";
import type { SubjectVersion } from "./api";
import type { ProtoDep } from "../../schema-form";
import { sameSchemaText } from "../../schema-form";
import { declareKind } from "../../declare/declare";
import { adoptId, allowDeletion } from "../../declare/fields";
import type { InputsOf } from "../../declare/declare";
import { registryCredentials, schemaRegistryUrl } from "../../declare/schema-registry-fields";

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
  section: "data plane",
  order: 6,
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
      doc: "The schema's text, kept as written; compared with the registry's by meaning (the registry's canonical form), so whitespace, comments and what the registry rewrites are no change; a change registers a new version, which the registry checks against the subject's compatibility",
      // A text that only differs where the registry's canonical form does not (whitespace,
      // comments, member order it sorts) is the same schema: no update. Offline, without the
      // referenced files; a Protobuf import it cannot resolve leaves only equal texts the same.
      same: (old, now, news) =>
        typeof old === "string" &&
        typeof now === "string" &&
        sameSchemaText(String(news.schemaType ?? "AVRO"), old, now),
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
      schema: z.number(),
      doc: "The registry's id of the schema (shared by identical schemas).",
    },
    version: { schema: z.number(), doc: "The subject's version holding the schema." },
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

/**
 * Whether a registered version is the schema the inputs declare: same type and references, and
 * the same text in the registry's canonical form (the registry rewrites what it stores; its own
 * rule for "the same schema" is that form). `deps`: the referenced schemas, for Protobuf imports.
 */
export function sameSchema(i: SchemaInputs, v: SubjectVersion, deps: ProtoDep[] = []): boolean {
  const want = toApi(i);
  return (
    v.schemaType === want.schemaType &&
    JSON.stringify(v.references) === JSON.stringify(want.references) &&
    sameSchemaText(want.schemaType, want.schema, v.schema, deps)
  );
}

/**
 * The state a read gives: the subject's latest version as the registry has it. The schema stays
 * the text as written while the registry holds the same schema (in its canonical form); only a
 * different schema (a version registered by someone else) replaces it, and shows as drift.
 */
export function fromApi(
  v: SubjectVersion,
  props: SchemaInputs,
  deps: ProtoDep[] = [],
): Omit<SchemaOutputs, "id"> {
  const same =
    typeof props.schema === "string" &&
    v.schemaType === (props.schemaType ?? "AVRO") &&
    sameSchemaText(v.schemaType, props.schema, v.schema, deps);
  return {
    ...props,
    schema: same ? props.schema : v.schema,
    schemaType: v.schemaType as SchemaInputs["schemaType"],
    ...(props.references !== undefined || v.references.length > 0
      ? { references: v.references }
      : {}),
    schemaId: v.id,
    version: v.version,
  };
}
