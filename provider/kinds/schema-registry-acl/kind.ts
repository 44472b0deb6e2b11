/**
 * SchemaRegistryAcl: one ACL of a cluster's Schema Registry, identified by its whole tuple (like
 * `Acl`); every field replaces. The credentials used to manage it update in place.
 */
import * as z from "zod";
import type { SrAcl } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { registryCredentials, schemaRegistryUrl } from "../../declare/schema-registry-fields";

export const SR_ACL_RESOURCE_TYPES = ["SUBJECT", "REGISTRY"] as const;
export const SR_ACL_PATTERN_TYPES = ["LITERAL", "PREFIXED"] as const;
export const SR_ACL_OPERATIONS = [
  "ALL",
  "READ",
  "WRITE",
  "DELETE",
  "DESCRIBE",
  "DESCRIBE_CONFIGS",
  "ALTER_CONFIGS",
] as const;
export const SR_ACL_PERMISSIONS = ["ALLOW", "DENY"] as const;

export const schemaRegistryAclKind = declareKind({
  type: "SchemaRegistryAcl",
  section: "data plane",
  order: 7,
  doc: "An ACL of a cluster's Schema Registry: who may do what to which subjects or the registry.",
  fields: {
    schemaRegistryUrl,
    principal: {
      schema: z
        .string()
        .regex(
          /^(User|Group|RedpandaRole):.+$/,
          'principal must look like "User:<name>" (or Group:/RedpandaRole:)',
        ),
      change: "replace",
      doc: "Who: `User:<name>`, `Group:<name>` or `RedpandaRole:<name>`",
    },
    resource: {
      schema: z.string(),
      change: "replace",
      doc: "The subject name or prefix (empty for `REGISTRY`)",
    },
    resourceType: {
      schema: z.enum(SR_ACL_RESOURCE_TYPES),
      change: "replace",
      doc: "`SUBJECT` or `REGISTRY`",
    },
    patternType: {
      schema: z.enum(SR_ACL_PATTERN_TYPES).default("LITERAL"),
      change: "replace",
      doc: "`LITERAL` or `PREFIXED`",
    },
    host: {
      schema: z.string().min(1).default("*"),
      change: "replace",
      doc: "Client host, `*` for any",
    },
    operation: { schema: z.enum(SR_ACL_OPERATIONS), change: "replace", doc: "The operation" },
    permission: { schema: z.enum(SR_ACL_PERMISSIONS), change: "replace", doc: "`ALLOW` or `DENY`" },
    ...registryCredentials,
  },
  rules(v, ctx) {
    if (v.resourceType === "SUBJECT" && v.resource === "") {
      ctx.addIssue({
        code: "custom",
        path: ["resource"],
        message: "a SUBJECT ACL names a subject (or a prefix with patternType PREFIXED)",
      });
    }
  },
  clusterKinds: "all",
  outputs: {},
});

export type SchemaRegistryAclInputs = InputsOf<typeof schemaRegistryAclKind.fields>;
export type SchemaRegistryAclOutputs = SchemaRegistryAclInputs & { id: string };

export function toApi(i: SchemaRegistryAclInputs): SrAcl {
  return {
    principal: i.principal,
    resource: i.resource,
    resource_type: i.resourceType,
    pattern_type: i.patternType,
    host: i.host,
    operation: i.operation,
    permission: i.permission,
  };
}

/** The ACL's identity is its whole tuple. */
export const srAclId = (i: SchemaRegistryAclInputs) =>
  [i.resourceType, i.patternType, i.resource, i.principal, i.host, i.operation, i.permission].join(
    "|",
  );
