/**
 * ACL rules: no ACL allows every operation to everyone, nor every operation on every resource.
 * DENY ACLs only take away, so only ALLOW ACLs are checked.
 */
import type { Finding, Rule, Subject } from "../rule";
import { read } from "../rule";

/** Whether the ACL allows OPERATION_ALL (the only kind these rules look at further). */
function allowsAll(t: Subject): boolean {
  return (
    read(t.props, "operation") === "OPERATION_ALL" &&
    read(t.props, "permissionType") === "PERMISSION_TYPE_ALLOW"
  );
}

export const aclAllForEveryone: Rule<{ wildcardPrincipals: string[]; allowAnyHost: boolean }> = {
  name: "acl-no-all-for-everyone",
  description:
    "No ACL allows OPERATION_ALL to a wildcard principal (`User:*`), or from any host (`*`, the " +
    "default host) unless `allowAnyHost` is true.",
  enforcementLevel: "mandatory",
  kinds: ["Acl"],
  reads: ["operation", "permissionType", "principal", "host"],
  config: {
    wildcardPrincipals: {
      type: "array",
      items: { type: "string" },
      default: ["User:*"],
      description: "Principals that mean everyone.",
    },
    allowAnyHost: {
      type: "boolean",
      default: false,
      description: "Allow OPERATION_ALL from host `*` to a named principal.",
    },
  },
  check(t, c) {
    if (!allowsAll(t)) return [];
    const found: Finding[] = [];
    const principal = read(t.props, "principal");
    if (typeof principal === "string" && c.wildcardPrincipals.includes(principal)) {
      found.push({
        property: "principal",
        value: principal,
        problem: "everyone, with operation OPERATION_ALL",
        fix: "name the principal (User:<name>) and grant only the operations it needs (OPERATION_READ, OPERATION_WRITE, ...)",
      });
    }
    const host = read(t.props, "host");
    if (!c.allowAnyHost && (host === "*" || host === undefined)) {
      found.push({
        property: "host",
        value: host,
        unsetMeans: 'the default, "*"',
        problem: "any host, with operation OPERATION_ALL",
        fix: "grant only the operations the principal needs, or set host to the client's IP address",
      });
    }
    return found;
  },
};

export const aclAllOnAnyResource: Rule = {
  name: "acl-no-all-on-any-resource",
  description:
    'No ACL allows OPERATION_ALL on a wildcard resource (resourceName "*", or an empty prefix).',
  enforcementLevel: "mandatory",
  kinds: ["Acl"],
  reads: ["operation", "permissionType", "resourceName", "resourcePatternType", "resourceType"],
  config: {},
  check(t) {
    if (!allowsAll(t)) return [];
    const name = read(t.props, "resourceName");
    const pattern = read(t.props, "resourcePatternType");
    const wildcard = name === "*" || (pattern === "RESOURCE_PATTERN_TYPE_PREFIXED" && name === "");
    if (!wildcard) return [];
    return [
      {
        property: "resourceName",
        value: name,
        problem: `every ${String(read(t.props, "resourceType") ?? "resource")}, with operation OPERATION_ALL`,
        fix: "name the resource (or a prefix) and grant only the operations needed",
      },
    ];
  },
};
