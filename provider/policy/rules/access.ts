/** Access rules: no organization-wide Admin, and SCRAM-SHA-512 for Kafka users. */
import type { Rule } from "../rule";
import { read } from "../rule";

export const orgAdminBinding: Rule = {
  name: "no-org-admin-binding",
  description: "No role binding grants the Admin role on the whole organization.",
  enforcementLevel: "mandatory",
  kinds: ["RoleBinding"],
  reads: ["roleName", "scope"],
  config: {},
  check(t) {
    const role = read(t.props, "roleName");
    const scope = read(t.props, "scope", "resourceType");
    if (role !== "Admin" || scope !== "SCOPE_RESOURCE_TYPE_ORGANIZATION") return [];
    return [
      {
        property: "scope.resourceType",
        value: scope,
        problem: "the Admin role on the whole organization",
        fix: "scope it to a resource group, network or cluster (scope.resourceType and scope.resourceId), or grant Writer or Reader",
      },
    ];
  },
};

export const userScram512: Rule = {
  name: "user-scram-sha-512",
  description:
    "Kafka users use SCRAM-SHA-512 (advisory: it warns; changing an existing user's mechanism resets how its clients log in).",
  enforcementLevel: "advisory",
  kinds: ["User"],
  reads: ["mechanism"],
  config: {},
  check(t) {
    const mechanism = read(t.props, "mechanism");
    if (mechanism === "SASL_MECHANISM_SCRAM_SHA_512" || typeof mechanism === "symbol") return [];
    return [
      {
        property: "mechanism",
        value: mechanism,
        unsetMeans: "the default, SASL_MECHANISM_SCRAM_SHA_256",
        problem: "not SCRAM-SHA-512",
        fix: 'set mechanism to "SASL_MECHANISM_SCRAM_SHA_512" (its clients must log in with SCRAM-SHA-512)',
      },
    ];
  },
};
