/** Acl's lifecycle (its requests: ./api.ts); its identity is its whole tuple (./kind.ts), so every field replaces. */
import { aclId, aclKind, matches, toApi } from "./kind";
import type { AclOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import { createAcl, deleteAcl, readAcls } from "./api";

export const acl: ResourceSpec<typeof aclKind.fields, AclOutputs> = {
  kind: aclKind,
  deleteBeforeReplace: true,
  label: (i) => `ACL ${aclId(i)}`,
  async create(i, ctx) {
    await createAcl(ctx.dp(i.dataplaneApiUrl), toApi(i));
    return { id: aclId(i), outs: { ...i, id: aclId(i) } };
  },
  async read(id, props, ctx) {
    const listed = await readAcls(ctx.dp(props.dataplaneApiUrl));
    return listed.some((a) => matches(a, props)) ? { ...props, id } : undefined;
  },
  async update(id, _olds, news, _ctx) {
    return { ...news, id };
  },
  async delete(_id, props, ctx) {
    // A filter with all seven fields matches this ACL and no other.
    await deleteAcl(ctx.dp(props.dataplaneApiUrl), toApi(props));
  },
};
