/**
 * ServerlessPrivateLink's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts.
 * Create, update and delete are operations, waited on with progress.
 */
import { createOnce } from "../../retry/create-once";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { OperationError, isNotFound } from "../../errors";
import type { Operation } from "../../transport/zod-shapes";
import { equal } from "../../equal";
import { computedOf, fromApi, serverlessPrivateLinkKind, toApi } from "./kind";
import type { ServerlessPrivateLinkOutputs } from "./kind";
import { operationInProgress, waitOperation } from "../../runtime/common";
import { CreatedButFailed, stateFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import {
  createServerlessPrivateLink,
  deleteServerlessPrivateLink,
  getServerlessPrivateLink,
  listServerlessPrivateLinks,
  updateServerlessPrivateLink,
} from "./api";

const kind = serverlessPrivateLinkKind;

export const serverlessPrivateLink: ResourceSpec<typeof kind.fields, ServerlessPrivateLinkOutputs> =
  {
    kind,
    failed: stateFailed,
    label: (i) => `serverless private link ${i.name}`,
    async create(i, ctx) {
      const cp = ctx.clients.controlPlane;
      if (i.adoptId) {
        const l = await getServerlessPrivateLink(cp, i.adoptId);
        return { id: l.id, outs: { ...i, ...computedOf(l) } };
      }
      const { value } = await createOnce<
        { id: string; op?: Operation; region?: string },
        ControlPlaneClient
      >({
        describe: `serverless private link "${i.name}"`,
        client: cp,
        create: async (cp) => {
          const op = await createServerlessPrivateLink(cp, toApi(i));
          return {
            id: String(op.metadata?.serverless_private_link_id ?? op.resource_id ?? ""),
            op,
          };
        },
        lookup: async (cp) => {
          const found = (
            await listServerlessPrivateLinks(cp, { "filter.name_contains": i.name })
          ).find((l) => l.name === i.name);
          return found ? { id: found.id, region: found.serverless_region } : undefined;
        },
        matches: (f) => f.region === i.serverlessRegion,
      });
      try {
        // An earlier run's create found by its lookup: wait on the operation still running for it.
        const op =
          value.op ??
          (await operationInProgress(ctx, value.id, "TYPE_CREATE_SERVERLESS_PRIVATE_LINK"));
        if (op) {
          await waitOperation(
            ctx,
            op,
            `serverless private link ${i.name} (${value.id})`,
            kind.deadlineMs(i.timeouts, "create"),
          );
        }
        const l = await getServerlessPrivateLink(cp, value.id);
        return { id: l.id, outs: { ...i, ...computedOf(l) } };
      } catch (err) {
        throw new CreatedButFailed(
          value.id,
          {
            id: value.id,
            state: err instanceof OperationError ? "STATE_FAILED" : "STATE_CREATING",
            vpcEndpointServiceName: "",
            availabilityZones: [],
          },
          err as Error,
        );
      }
    },
    async read(id, props, ctx) {
      const l = await getServerlessPrivateLink(ctx.clients.controlPlane, id);
      if (l.state === "STATE_DELETING") return undefined;
      return fromApi(l, props);
    },
    inputsOf: (o) => ({ name: o.name, awsConfig: o.awsConfig }),
    async update(id, olds, news, ctx) {
      const cp = ctx.clients.controlPlane;
      if (!equal(olds.awsConfig, news.awsConfig)) {
        const op = await updateServerlessPrivateLink(cp, id, {
          aws_config: { allowed_principals: news.awsConfig.allowedPrincipals },
        });
        await waitOperation(
          ctx,
          op,
          `serverless private link ${news.name} (${id}) update`,
          kind.deadlineMs(news.timeouts, "update"),
        );
      }
      return { ...news, ...computedOf(await getServerlessPrivateLink(cp, id)) };
    },
    async delete(id, props, ctx) {
      const cp = ctx.clients.controlPlane;
      try {
        const op = await deleteServerlessPrivateLink(cp, id);
        await waitOperation(
          ctx,
          op,
          `serverless private link ${props.name} (${id}) deletion`,
          kind.deadlineMs(props.timeouts, "delete"),
        );
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
