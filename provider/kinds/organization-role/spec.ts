/** OrganizationRole's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { RedpandaError } from "../../errors";
import { equal } from "../../equal";
import { fromApi, organizationRoleKind, toApi } from "./kind";
import type { OrganizationRoleOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import {
  createOrganizationRole,
  deleteOrganizationRole,
  getOrganizationRole,
  listOrganizationRoles,
  updateOrganizationRole,
} from "./api";

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

export const organizationRole: ResourceSpec<
  typeof organizationRoleKind.fields,
  OrganizationRoleOutputs
> = {
  kind: organizationRoleKind,
  label: (i) => `organization role ${i.name}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) {
      const r = await getOrganizationRole(cp, i.adoptId);
      if (r.is_builtin)
        throw new RedpandaError(
          `role ${r.name} is built in: it cannot be changed, so it cannot be adopted`,
        );
      await updateOrganizationRole(cp, r.id, toApi(i));
      return { id: r.id, outs: { ...i, id: r.id } };
    }
    const { value } = await createOnce({
      describe: `organization role "${i.name}"`,
      client: cp,
      create: (cp) => createOrganizationRole(cp, toApi(i)),
      lookup: async (cp) =>
        (await listOrganizationRoles(cp, i.name)).find((r) => r.name === i.name),
      // A role of that name with exactly these permissions is what a lost answer leaves behind.
      matches: (r) =>
        !r.is_builtin && r.description === i.description && sameSet(r.permissions, i.permissions),
    });
    return { id: value.id, outs: { ...i, id: value.id } };
  },
  // Unknown permission names are caught at preview, against the organization's own catalogue.
  async preflight(i, olds, known, ctx) {
    if (!known("permissions") || equal(i.permissions, olds.permissions)) return [];
    const catalogue = new Set(
      (await ctx.clients.controlPlane.listPermissions().catch(() => undefined))?.map((p) => p.name),
    );
    if (catalogue.size === 0) return [];
    const unknown = i.permissions.filter((p) => !catalogue.has(p));
    if (unknown.length === 0) return [];
    return [
      {
        property: "permissions",
        reason: `OrganizationRole permissions ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not in this organization's catalogue (getPermissions lists it: ${[...catalogue].slice(0, 8).join(", ")}${catalogue.size > 8 ? ", …" : ""})`,
      },
    ];
  },
  async read(id, props, ctx) {
    return fromApi(await getOrganizationRole(ctx.clients.controlPlane, id), props);
  },
  inputsOf: (o) => ({ name: o.name, description: o.description, permissions: o.permissions }),
  async update(id, olds, news, ctx) {
    await updateOrganizationRole(ctx.clients.controlPlane, id, {
      name: news.name !== olds.name ? news.name : undefined,
      description: news.description !== olds.description ? news.description : undefined,
      permissions: equal(olds.permissions, news.permissions) ? undefined : news.permissions,
    });
    return { ...news, id };
  },
  async delete(id, _props, ctx) {
    await deleteOrganizationRole(ctx.clients.controlPlane, id);
  },
};
