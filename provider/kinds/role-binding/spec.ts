/** RoleBinding's lifecycle (its requests: ./api.ts); inputs and change rules (every field replaces): ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, roleBindingKind, toApi } from "./kind";
import type { RoleBindingOutputs } from "./kind";
import { getClients } from "../../runtime/context";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { createRoleBinding, deleteRoleBinding, getRoleBinding, listRoleBindings } from "./api";

export const roleBinding: ResourceSpec<typeof roleBindingKind.fields, RoleBindingOutputs> = {
  kind: roleBindingKind,
  label: (i) => `role binding ${i.roleName} for ${i.accountId}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) {
      const rb = await getRoleBinding(cp, i.adoptId);
      return { id: rb.id, outs: { ...i, id: rb.id } };
    }
    const { value } = await createOnce({
      describe: `role binding ${i.roleName} for account ${i.accountId}`,
      create: () => createRoleBinding(cp, toApi(i)),
      lookup: async () =>
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
  async read(id, props) {
    return fromApi(await getRoleBinding(getClients().controlPlane, id), props);
  },
  inputsOf: (o) => ({ roleName: o.roleName, accountId: o.accountId, scope: o.scope }),
  async update(id, _olds, news) {
    return { ...news, id };
  },
  async delete(id) {
    await deleteRoleBinding(getClients().controlPlane, id);
  },
};
