/** SchemaRegistryAcl's lifecycle (its requests: ./api.ts): exact create, read and delete by the whole tuple. */
import { equal } from "../../equal";
import { schemaRegistryAclKind, srAclId, toApi } from "./kind";
import type { SchemaRegistryAclInputs, SchemaRegistryAclOutputs } from "./kind";
import { credentialsOf } from "../../declare/schema-registry-fields";
import { schemaRegistryAclsAt } from "./api";
import type { CallContext } from "../../runtime/context";
import type { ResourceSpec } from "../../runtime/lifecycle";

const acls = (ctx: CallContext, i: SchemaRegistryAclInputs) =>
  schemaRegistryAclsAt(ctx.clients.transport, i.schemaRegistryUrl, credentialsOf(i));

export const schemaRegistryAcl: ResourceSpec<
  typeof schemaRegistryAclKind.fields,
  SchemaRegistryAclOutputs
> = {
  kind: schemaRegistryAclKind,
  label: (i) => `Schema Registry ACL ${i.principal} ${i.operation} ${i.resourceType} ${i.resource}`,
  async create(i, ctx) {
    // Creating an identical ACL is a no-op on the registry: a re-sent create cannot duplicate.
    await acls(ctx, i).create(toApi(i));
    const id = srAclId(i);
    return { id, outs: { ...i, id } };
  },
  async read(id, props, ctx) {
    const wire = toApi(props);
    const listed = await acls(ctx, props).list(wire);
    return listed.some((a) => equal(a, wire)) ? { ...props, id } : undefined;
  },
  async update(id, _olds, news, _ctx) {
    return { ...news, id };
  },
  async delete(_id, props, ctx) {
    await acls(ctx, props).delete(toApi(props));
  },
};
