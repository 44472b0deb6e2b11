/** ServiceAccount's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. */
import { createOnce } from "../../retry/create-once";
import { bindingsToApi, fromApi, serviceAccountKind } from "./kind";
import type { ServiceAccountOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import {
  createServiceAccount,
  deleteServiceAccount,
  getServiceAccount,
  getServiceAccountCredentials,
  rotateServiceAccountSecret,
  updateServiceAccount,
} from "./api";

export const serviceAccount: ResourceSpec<typeof serviceAccountKind.fields, ServiceAccountOutputs> =
  {
    kind: serviceAccountKind,
    label: (i) => `service account ${i.name}`,
    async create(i, ctx) {
      const cp = ctx.clients.controlPlane;
      if (i.adoptId) {
        const sa = await updateServiceAccount(cp, i.adoptId, i.name, i.description);
        // The secret is shown once at creation; an adopted account's comes from its credentials.
        const creds = await getServiceAccountCredentials(cp, sa.id);
        return {
          id: sa.id,
          outs: { ...i, id: sa.id, clientId: creds.client_id, clientSecret: creds.client_secret },
        };
      }
      const { value: sa } = await createOnce({
        describe: `service account "${i.name}"`,
        client: cp,
        create: (cp) =>
          createServiceAccount(cp, i.name, i.description, bindingsToApi(i.roleBindings)),
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
    async read(id, props, ctx) {
      return fromApi(await getServiceAccount(ctx.clients.controlPlane, id), props);
    },
    inputsOf: (o) => ({ name: o.name, description: o.description }),
    async update(id, olds, news, ctx) {
      const cp = ctx.clients.controlPlane;
      if (news.name !== olds.name || news.description !== olds.description)
        await updateServiceAccount(cp, id, news.name, news.description);
      let { clientId, clientSecret } = olds;
      if (news.rotateTrigger !== undefined && news.rotateTrigger !== olds.rotateTrigger) {
        // The old secret stops working at once: whatever reads `clientSecret` from this stack
        // gets the new one in the same `up`.
        const creds = (await rotateServiceAccountSecret(cp, id)).auth0_client_credentials;
        clientId = creds?.client_id ?? clientId;
        clientSecret = creds?.client_secret ?? "";
      }
      return { ...news, id, clientId, clientSecret };
    },
    async delete(id, _props, ctx) {
      await deleteServiceAccount(ctx.clients.controlPlane, id);
    },
  };
