/** ServiceAccount (name and description update in place) and RoleBinding (every field replaces). */
import { z } from "zod";
import { createOnce } from "../../client/create";
import { getClients } from "../context";
import { adoptId } from "../common";
import type { ResourceSpec } from "../lifecycle";

const saInputs = z.object({
  name: z
    .string()
    .min(3)
    .max(128)
    .regex(/^[^<>]+$/, "name may not contain < or > (3 to 128 characters)"),
  description: z.string().max(140).default(""),
  adoptId,
});
type SaIn = z.infer<typeof saInputs>;
type SaOut = SaIn & { id: string; clientId: string; clientSecret: string };

export const serviceAccount: ResourceSpec<SaIn, SaOut> = {
  type: "ServiceAccount",
  inputs: saInputs,
  replaceOn: [],
  ignore: ["adoptId"],
  label: (i) => `service account ${i.name}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) {
      const sa = await cp.updateServiceAccount(i.adoptId, i.name, i.description);
      // The secret is shown once at creation; an adopted account's comes from its credentials.
      const creds = await cp.getServiceAccountCredentials(sa.id);
      return {
        id: sa.id,
        outs: { ...i, id: sa.id, clientId: creds.client_id, clientSecret: creds.client_secret },
      };
    }
    const { value: sa } = await createOnce({
      describe: `service account "${i.name}"`,
      create: () => cp.createServiceAccount(i.name, i.description),
      lookup: async () => undefined,
      matches: () => false,
    });
    const creds = sa.auth0_client_credentials;
    return {
      id: sa.id,
      outs: {
        ...i,
        id: sa.id,
        clientId: creds?.client_id ?? "",
        clientSecret: creds?.client_secret ?? "",
      },
    };
  },
  async read(id, props) {
    const sa = await getClients().controlPlane.getServiceAccount(id);
    // Reads never return the secret: keep the one written at creation.
    return {
      ...props,
      id,
      name: sa.name,
      description: sa.description,
      clientId: sa.auth0_client_credentials?.client_id ?? props.clientId,
    };
  },
  inputsOf: (o) => ({ name: o.name, description: o.description }),
  async update(id, olds, news) {
    await getClients().controlPlane.updateServiceAccount(id, news.name, news.description);
    return { ...news, id, clientId: olds.clientId, clientSecret: olds.clientSecret };
  },
  async delete(id) {
    await getClients().controlPlane.deleteServiceAccount(id);
  },
};

export const SCOPE_TYPES = [
  "SCOPE_RESOURCE_TYPE_ORGANIZATION",
  "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP",
  "SCOPE_RESOURCE_TYPE_NETWORK",
  "SCOPE_RESOURCE_TYPE_CLUSTER",
  "SCOPE_RESOURCE_TYPE_SERVERLESS_CLUSTER",
  "SCOPE_RESOURCE_TYPE_NETWORK_PEERING",
  "SCOPE_RESOURCE_TYPE_KAFKA_TOPIC",
] as const;

const rbInputs = z
  .object({
    roleName: z.enum(["Reader", "Writer", "Admin"]),
    accountId: z.string().min(1),
    scope: z
      .object({ resourceType: z.enum(SCOPE_TYPES), resourceId: z.string().default("") })
      .strict(),
    adoptId,
  })
  .superRefine((v, ctx) => {
    if (v.scope.resourceType !== "SCOPE_RESOURCE_TYPE_ORGANIZATION" && !v.scope.resourceId) {
      ctx.addIssue({
        code: "custom",
        path: ["scope", "resourceId"],
        message: `scope.resourceId is required for ${v.scope.resourceType}`,
      });
    }
  });
type RbIn = z.infer<typeof rbInputs>;
type RbOut = RbIn & { id: string };

export const roleBinding: ResourceSpec<RbIn, RbOut> = {
  type: "RoleBinding",
  inputs: rbInputs as unknown as z.ZodType<RbIn>,
  // There is no update endpoint, so every change is a delete and a create.
  replaceOn: ["roleName", "accountId", "scope"],
  ignore: ["adoptId"],
  label: (i) => `role binding ${i.roleName} for ${i.accountId}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) {
      const rb = await cp.getRoleBinding(i.adoptId);
      return { id: rb.id, outs: { ...i, id: rb.id } };
    }
    const wanted = {
      role_name: i.roleName,
      account_id: i.accountId,
      scope: { resource_type: i.scope.resourceType, resource_id: i.scope.resourceId },
    };
    const { value } = await createOnce({
      describe: `role binding ${i.roleName} for account ${i.accountId}`,
      create: () => cp.createRoleBinding(wanted),
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
    const rb = await getClients().controlPlane.getRoleBinding(id);
    return { ...props, id, roleName: rb.role_name as RbIn["roleName"], accountId: rb.account_id };
  },
  inputsOf: (o) => ({ roleName: o.roleName, accountId: o.accountId }),
  async update(id, _olds, news) {
    return { ...news, id };
  },
  async delete(id) {
    await getClients().controlPlane.deleteRoleBinding(id);
  },
};
