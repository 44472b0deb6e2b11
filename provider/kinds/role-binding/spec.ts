/** RoleBinding's lifecycle (its requests: ./api.ts); inputs and change rules (every field replaces): ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, roleBindingKind, toApi } from "./kind";
import type { RoleBindingOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { createRoleBinding, deleteRoleBinding, getRoleBinding, listRoleBindings } from "./api";

export const roleBinding: ResourceSpec<typeof roleBindingKind.fields, RoleBindingOutputs> = {
  kind: roleBindingKind,
  label: (i) => `role binding ${i.roleName} for ${i.accountId}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) {
      const rb = await getRoleBinding(cp, i.adoptId);
      return { id: rb.id, outs: { ...i, id: rb.id } };
    }
    const { value } = await createOnce({
      describe: `role binding ${i.roleName} for account ${i.accountId}`,
      client: cp,
      create: (cp) => createRoleBinding(cp, toApi(i)),
      lookup: async (cp) =>
        (await listRoleBindings(cp, { roleName: i.roleName, accountIds: [i.accountId] })).find(
          (rb) =>
            rb.scope.resource_type === i.scope.resourceType &&
            rb.scope.resource_id === i.scope.resourceId,
        ),
      // The same grant to the same account is the same binding: declaring it is idempotent.
      matches: () => true,
    });
    return { id: value.id, outs: { ...i, id: value.id } };
  },
  async read(id, props, ctx) {
    return fromApi(await getRoleBinding(ctx.clients.controlPlane, id), props);
  },
  inputsOf: (o) => ({ roleName: o.roleName, accountId: o.accountId, scope: o.scope }),
  async update(id, _olds, news, _ctx) {
    return { ...news, id };
  },
  async delete(id, _props, ctx) {
    await deleteRoleBinding(ctx.clients.controlPlane, id);
  },
};
