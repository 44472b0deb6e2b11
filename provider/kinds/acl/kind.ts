/** Acl: identified by its whole tuple; every field replaces. */
import * as z from "zod";
import type { Acl as ApiAcl } from "./api";
import type { AclCreate } from "./api";
import {
  ACL_OPERATIONS,
  ACL_PATTERN_TYPES,
  ACL_PERMISSION_TYPES,
  ACL_RESOURCE_TYPES,
} from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { dataplaneApiUrl } from "../../declare/fields";

export const aclKind = declareKind({
  type: "Acl",
  section: "data plane",
  order: 2,
  doc: "One ACL, identified by its whole tuple; deleting it removes exactly this ACL.",
  fields: {
    dataplaneApiUrl,
    principal: {
      schema: z
        .string()
        .regex(
          /^(User|Group|RedpandaRole):.+$/,
          'principal must look like "User:<name>" (or Group:/RedpandaRole:)',
        ),
      change: "replace",
      doc: "`User:<name>` (also `Group:` or `RedpandaRole:`)",
    },
    host: {
      schema: z
        .string()
        .regex(/^(\*|\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)$/, 'host must be "*" or an IP address')
        .default("*"),
      change: "replace",
      doc: "`*` or an IP address",
    },
    resourceType: {
      schema: z.enum(ACL_RESOURCE_TYPES),
      change: "replace",
      doc: "What the ACL applies to, e.g. `RESOURCE_TYPE_TOPIC`",
    },
    resourceName: {
      schema: z.string().default(""),
      change: "replace",
      doc: "Resource name; `*` for any; may be empty for CLUSTER and REGISTRY",
    },
    resourcePatternType: {
      schema: z.enum(ACL_PATTERN_TYPES),
      change: "replace",
      doc: "Whether `resourceName` is matched exactly or as a prefix",
    },
    operation: {
      schema: z.enum(ACL_OPERATIONS),
      change: "replace",
      doc: "The operation, e.g. `OPERATION_READ`, `OPERATION_ALL`",
    },
    permissionType: {
      schema: z.enum(ACL_PERMISSION_TYPES),
      change: "replace",
      doc: "Whether the ACL allows or denies",
    },
  },
  rules(v, ctx) {
    const nameless =
      v.resourceType === "RESOURCE_TYPE_CLUSTER" || v.resourceType === "RESOURCE_TYPE_REGISTRY";
    if (!nameless && !v.resourceName) {
      ctx.addIssue({
        code: "custom",
        path: ["resourceName"],
        message: `resourceName is required for ${v.resourceType} ("*" means any)`,
      });
    }
  },
  clusterKinds: "all",
  outputs: { principal: { schema: z.string(), doc: "The ACL's principal, `User:<name>`." } },
});

export type AclInputs = InputsOf<typeof aclKind.fields>;
export type AclOutputs = AclInputs & { id: string };

/** The seven wire fields: the create body, and the exact filter that matches this ACL only. */
export function toApi(i: AclInputs): AclCreate & ApiAcl {
  return {
    resource_type: i.resourceType,
    resource_name: i.resourceName,
    resource_pattern_type: i.resourcePatternType,
    principal: i.principal,
    host: i.host,
    operation: i.operation,
    permission_type: i.permissionType,
  };
}

/** Whether a listed ACL is this one (all seven fields equal). */
export function matches(listed: ApiAcl, i: AclInputs): boolean {
  const w = toApi(i);
  return (Object.keys(w) as (keyof ApiAcl)[]).every((k) => listed[k] === w[k]);
}

/** The ACL's identity is its whole tuple. */
export function aclId(i: AclInputs): string {
  return [
    i.resourceType,
    i.resourcePatternType,
    i.resourceName,
    i.principal,
    i.host,
    i.operation,
    i.permissionType,
  ].join("|");
}
