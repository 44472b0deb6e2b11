/** Role's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import type { DataPlaneClient } from "../../transport/dataplane";
import { isNotFound } from "../../errors";
import { principalOf, roleKind } from "./kind";
import type { RoleOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { createRole, deleteRole, getRole } from "./api";

export const role: ResourceSpec<typeof roleKind.fields, RoleOutputs> = {
  kind: roleKind,
  deleteBeforeReplace: true,
  label: (i) => `role ${i.name}`,
  async create(i, ctx) {
    const c = ctx.dp(i.dataplaneApiUrl);
    const name = i.adoptId ?? i.name;
    if (i.adoptId) {
      await getRole(c, name); // NOT_FOUND says the role to adopt does not exist
    } else {
      await createOnce<{ members: unknown[] } | undefined, DataPlaneClient>({
        describe: `role "${i.name}"`,
        client: c,
        create: async (c) => {
          await createRole(c, i.name);
          return undefined;
        },
        lookup: (c) =>
          getRole(c, i.name).catch((err: unknown) => {
            if (isNotFound(err)) return undefined;
            throw err;
          }),
        // A role with no members is what a create whose answer was lost leaves behind; one with
        // members is someone's, taken over only through adoptId.
        matches: (found) => found !== undefined && found.members.length === 0,
      });
    }
    return { id: name, outs: { ...i, id: name, name, principal: principalOf(name) } };
  },
  async read(id, props, ctx) {
    try {
      await getRole(ctx.dp(props.dataplaneApiUrl), id);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    // `deleteAcls` is this provider's, never the API's: unset (an import) is its default.
    const deleteAcls = props.deleteAcls ?? false;
    return { ...props, id, name: id, principal: principalOf(id), deleteAcls };
  },
  inputsOf: (o) => ({ name: o.name }),
  async update(id, _olds, news, _ctx) {
    // Only deleteAcls changes in place: it is what delete will do, kept in state.
    return { ...news, id, name: id, principal: principalOf(id) };
  },
  async delete(id, props, ctx) {
    await deleteRole(ctx.dp(props.dataplaneApiUrl), id, props.deleteAcls);
  },
};
