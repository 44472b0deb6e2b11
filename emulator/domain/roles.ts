/**
 * The organization's access model, which several control-plane kinds share: the built-in roles
 * and the organization's own (with the permission catalogue), the scopes a binding can name, the
 * groups that are accounts, and making one role binding.
 */
import { loadContract } from "../contract";
import type { EmulatorContext } from "../context";
import { alreadyExists, notFound } from "../errors";
import { Checker, asObject } from "../validate";
import type { Json } from "../validate";
import type { GroupRec, OrgRoleRec, RoleBindingRec, World } from "./records";
import { nowIso, xid } from "./records";

/** The built-in organization roles. */
export const ROLES = ["Reader", "Writer", "Admin"];
/** What a role binding can be scoped to. */
export const SCOPE_TYPES = [
  "SCOPE_RESOURCE_TYPE_ORGANIZATION",
  "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP",
  "SCOPE_RESOURCE_TYPE_NETWORK",
  "SCOPE_RESOURCE_TYPE_CLUSTER",
  "SCOPE_RESOURCE_TYPE_SERVERLESS_CLUSTER",
  "SCOPE_RESOURCE_TYPE_NETWORK_PEERING",
  "SCOPE_RESOURCE_TYPE_KAFKA_TOPIC",
];

interface ContractFile {
  components: { schemas: Record<string, { properties?: Record<string, { example?: unknown }> }> };
}

/**
 * The permission catalogue: the names the vendor's contract gives as `/v1/permissions`' example
 * (the real list is longer and changes; a program reads it with getPermissions).
 */
export const PERMISSIONS: readonly string[] = (() => {
  const schemas = loadContract<ContractFile>("cloud-controlplane.json").components.schemas;
  const example = schemas.ListPermissionsResponse?.properties?.permissions?.example;
  return Array.isArray(example) ? example.map(String) : [];
})();

/** The organization's own (custom) roles. */
export const orgRolesOf = (world: World): Record<string, OrgRoleRec> => (world.orgRoles ??= {});

/** Whether a role binding may name this role: a built-in or one of the organization's own. */
export function roleExists(world: World, name: string): boolean {
  return ROLES.includes(name) || Object.values(orgRolesOf(world)).some((r) => r.name === name);
}

/** The organization's user groups: accounts a role binding can name. */
export const groupsOf = (world: World): Record<string, GroupRec> => (world.groups ??= {});

/**
 * Checks and stores one role binding (`POST /v1/role-bindings`, and each of a service account's
 * `role_bindings` at its creation); `where` names the body in error messages.
 */
export function addRoleBinding(ctx: EmulatorContext, body: Json, where: string): RoleBindingRec {
  const check = new Checker(where);
  const role = check.str(body, "role_name", { required: true });
  if (role !== undefined && !roleExists(ctx.world, role))
    check.fail("role_name", `no role ${role}: one of ${ROLES.join(", ")} or a custom role`);
  const account = check.str(body, "account_id", { required: true });
  const scope = asObject(body.scope);
  const scopeCheck = new Checker(`${where}.scope`);
  const scopeType = scopeCheck.str(scope, "resource_type", {
    required: true,
    oneOf: SCOPE_TYPES,
  });
  const scopeId = scopeCheck.str(scope, "resource_id", {
    required: scopeType !== "SCOPE_RESOURCE_TYPE_ORGANIZATION",
  });
  check.violations.push(...scopeCheck.violations);
  check.done();
  const w = ctx.world;
  // An account is a user, a service account or a group.
  if (
    !w.serviceAccounts[account as string] &&
    !w.users[account as string] &&
    !groupsOf(w)[account as string]
  ) {
    throw notFound(`account ${account}`, "REASON_ACCOUNT_NOT_FOUND");
  }
  const dup = Object.values(w.roleBindings).find(
    (rb) =>
      rb.account_id === account &&
      rb.role_name === role &&
      rb.scope.resource_type === scopeType &&
      rb.scope.resource_id === (scopeId ?? ""),
  );
  if (dup)
    throw alreadyExists(
      `role binding ${dup.id} already grants this`,
      "REASON_ROLE_BINDING_ALREADY_EXISTS",
    );
  const now = nowIso(ctx.now());
  const rb: RoleBindingRec = {
    id: xid(),
    role_name: role as string,
    account_id: account as string,
    scope: { resource_type: scopeType as string, resource_id: scopeId ?? "" },
    created_at: now,
    updated_at: now,
  };
  w.roleBindings[rb.id] = rb;
  return rb;
}
