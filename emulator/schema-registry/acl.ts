/**
 * Schema Registry ACLs (Redpanda's SR authorization): their shape and their enforcement for the
 * principals the emulator knows: a request with HTTP Basic credentials of one of the cluster's
 * SASL users acts as `User:<name>` and needs an ALLOW for the operation on the subject (or the
 * registry); a DENY wins. Bearer tokens are the organization's and pass, as superusers do.
 */
import type { Dataplane, SrAcl } from "../domain/records";
import { RegistryError, registryOf } from "./registry";

export const FIELDS = [
  "principal",
  "resource",
  "resource_type",
  "pattern_type",
  "host",
  "operation",
  "permission",
] as const;
const ENUMS: Partial<Record<(typeof FIELDS)[number], string[]>> = {
  resource_type: ["REGISTRY", "SUBJECT"],
  pattern_type: ["LITERAL", "PREFIXED"],
  operation: ["ALL", "READ", "WRITE", "DELETE", "DESCRIBE", "DESCRIBE_CONFIGS", "ALTER_CONFIGS"],
  permission: ["ALLOW", "DENY"],
};

/** The ACLs a request body lists, each checked. */
export function aclsOf(body: unknown): SrAcl[] {
  if (!Array.isArray(body)) throw new RegistryError(400, 400, "the body must be a list of ACLs");
  return body.map((raw, i) => {
    const a = (raw ?? {}) as Record<string, unknown>;
    for (const f of FIELDS) {
      if (typeof a[f] !== "string")
        throw new RegistryError(400, 400, `acls[${i}].${f} is required`);
      const allowed = ENUMS[f];
      if (allowed && !allowed.includes(a[f] as string))
        throw new RegistryError(400, 400, `acls[${i}].${f} must be one of ${allowed.join(", ")}`);
    }
    if (!/^(User|Group|RedpandaRole):.+$/.test(a.principal as string))
      throw new RegistryError(
        400,
        400,
        `acls[${i}].principal must be User:<name>, Group:<name> or RedpandaRole:<name>`,
      );
    return Object.fromEntries(FIELDS.map((f) => [f, a[f]])) as unknown as SrAcl;
  });
}

/** Whether two ACLs are the same entry. */
export const same = (a: SrAcl, b: SrAcl) => FIELDS.every((f) => a[f] === b[f]);

/** What a request asks for, in ACL terms. */
export interface Access {
  operation: string;
  resourceType: "SUBJECT" | "REGISTRY";
  resource: string;
}

/** Refuses `principal` the access unless an ACL allows it and none denies it. */
export function authorize(dp: Dataplane, principal: string, access: Access): void {
  const roles = Object.values(dp.roles ?? {})
    .filter((r) => r.members.includes(principal))
    .map((r) => `RedpandaRole:${r.name}`);
  const matching = registryOf(dp).acls.filter(
    (a) =>
      (a.principal === principal || roles.includes(a.principal)) &&
      a.resource_type === access.resourceType &&
      (a.operation === "ALL" || a.operation === access.operation) &&
      (access.resourceType === "REGISTRY" ||
        (a.pattern_type === "LITERAL"
          ? a.resource === access.resource
          : access.resource.startsWith(a.resource))),
  );
  if (
    matching.some((a) => a.permission === "DENY") ||
    !matching.some((a) => a.permission === "ALLOW")
  ) {
    throw new RegistryError(
      403,
      40301,
      `${principal} is not authorized to ${access.operation} ${access.resourceType === "REGISTRY" ? "the registry" : `subject ${access.resource}`}`,
    );
  }
}
