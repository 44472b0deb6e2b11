/** RoleBinding's API calls; inputs and change rules (every field replaces): kinds/role-binding.ts. */
import { createOnce } from "../../retry/create-once";
import { fromApi, roleBindingKind, toApi } from "../../kinds/role-binding";
import type { RoleBindingOutputs } from "../../kinds/role-binding";
import { getClients } from "../context";
import type { ResourceSpec } from "../lifecycle";

export const roleBinding: ResourceSpec<typeof roleBindingKind.fields, RoleBindingOutputs> = {
  kind: roleBindingKind,
  label: (i) => `role binding ${i.roleName} for ${i.accountId}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) {
      const rb = await cp.getRoleBinding(i.adoptId);
      return { id: rb.id, outs: { ...i, id: rb.id } };
    }
    const { value } = await createOnce({
      describe: `role binding ${i.roleName} for account ${i.accountId}`,
      create: () => cp.createRoleBinding(toApi(i)),
      lookup: async () =>
        (await cp.listRoleBindings({ roleName: i.roleName, accountIds: [i.accountId] })).find(
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
    return fromApi(await getClients().controlPlane.getRoleBinding(id), props);
  },
  inputsOf: (o) => ({ roleName: o.roleName, accountId: o.accountId }),
  async update(id, _olds, news) {
    return { ...news, id };
  },
  async delete(id) {
    await getClients().controlPlane.deleteRoleBinding(id);
  },
};
