/** RoleAssignment's lifecycle (its requests: ./api.ts): membership added and removed through the role's PUT. */
import { RedpandaError, isNotFound } from "../../errors";
import { assignmentId, roleAssignmentKind } from "./kind";
import type { RoleAssignmentOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { getRole } from "../role/api";
import { changeRoleMembers } from "./api";

export const roleAssignment: ResourceSpec<typeof roleAssignmentKind.fields, RoleAssignmentOutputs> =
  {
    kind: roleAssignmentKind,
    deleteBeforeReplace: true,
    label: (i) => `role assignment ${i.principal} → ${i.roleName}`,
    async create(i, ctx) {
      const c = ctx.dp(i.dataplaneApiUrl);
      const { members } = await getRole(c, i.roleName);
      if (members.some((m) => m.principal === i.principal) && i.adoptId === undefined) {
        // Adding is idempotent on the API, but a membership someone else made is not ours to own
        // (and to remove on destroy) without saying so.
        throw new RedpandaError(
          `${i.principal} is already a member of role ${i.roleName}; another resource or person ` +
            `manages that membership. Remove it there, or take it over with adoptId: "${assignmentId(i)}".`,
        );
      }
      await changeRoleMembers(c, i.roleName, { add: [i.principal] });
      const id = assignmentId(i);
      return { id, outs: { ...i, id } };
    },
    async read(id, props, ctx) {
      try {
        const { members } = await getRole(ctx.dp(props.dataplaneApiUrl), props.roleName);
        return members.some((m) => m.principal === props.principal) ? { ...props, id } : undefined;
      } catch (err) {
        // The role itself is gone: so is the membership.
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async update(id, _olds, news, _ctx) {
      return { ...news, id };
    },
    async delete(_id, props, ctx) {
      try {
        await changeRoleMembers(ctx.dp(props.dataplaneApiUrl), props.roleName, {
          remove: [props.principal],
        });
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
