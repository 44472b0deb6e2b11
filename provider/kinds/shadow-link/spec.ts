/** ShadowLink's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. Operations waited on. */
import { createOnce } from "../../retry/create-once";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { OperationError, isNotFound } from "../../errors";
import type { Operation } from "../../transport/zod-shapes";
import { fromApi, shadowLinkKind, toApi, updateOf } from "./kind";
import type { ShadowLinkInputs, ShadowLinkOutputs } from "./kind";
import { operationInProgress, waitOperation } from "../../runtime/common";
import type { CallContext } from "../../runtime/context";
import { CreatedButFailed } from "../../runtime/lifecycle";
import type { Props, ResourceSpec } from "../../runtime/lifecycle";
import {
  createShadowLink,
  deleteShadowLink,
  failoverShadowLink,
  getShadowLink,
  listShadowLinks,
  updateShadowLink,
} from "./api";
import { getCluster } from "../cluster/api";

const kind = shadowLinkKind;

async function current(
  ctx: CallContext,
  id: string,
  i: ShadowLinkInputs,
): Promise<ShadowLinkOutputs> {
  const record = await getShadowLink(ctx.clients.controlPlane, id);
  return { ...fromApi(record, i), id };
}

export const shadowLink: ResourceSpec<typeof kind.fields, ShadowLinkOutputs> = {
  kind,
  // A link whose creation failed is replaced on the next `up`.
  failed: (o: Props) => o.state === "STATE_CREATION_FAILED",
  label: (i) => `shadow link ${i.name}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) return { id: i.adoptId, outs: await current(ctx, i.adoptId, i) };
    const { value } = await createOnce<
      { id: string; op?: Operation; shadow?: string },
      ControlPlaneClient
    >({
      describe: `shadow link "${i.name}"`,
      client: cp,
      create: async (cp) => {
        const op = await createShadowLink(cp, toApi(i));
        return { id: op.resource_id ?? "", op };
      },
      lookup: async (cp) => {
        const found = (
          await listShadowLinks(cp, { "filter.shadow_redpanda_id": i.shadowRedpandaId })
        ).find((l) => l.name === i.name);
        return found ? { id: found.id, shadow: found.shadow_redpanda_id ?? undefined } : undefined;
      },
      matches: (f) => f.shadow === i.shadowRedpandaId,
    });
    try {
      // An earlier run's create found by its lookup: wait on the operation still running for it.
      const op = value.op ?? (await operationInProgress(ctx, value.id, "TYPE_CREATE_SHADOW_LINK"));
      if (op)
        await waitOperation(
          ctx,
          op,
          `shadow link ${i.name} (${value.id})`,
          kind.deadlineMs(i.timeouts, "create"),
        );
      return { id: value.id, outs: await current(ctx, value.id, i) };
    } catch (err) {
      throw new CreatedButFailed(
        value.id,
        {
          id: value.id,
          state: err instanceof OperationError ? "STATE_CREATION_FAILED" : "STATE_CREATING",
          reason: "",
        },
        err as Error,
      );
    }
  },
  async read(id, props, ctx) {
    const record = await getShadowLink(ctx.clients.controlPlane, id);
    if (record.state === "STATE_DELETING") return undefined;
    return { ...fromApi(record, props), id };
  },
  async update(id, olds, news, ctx) {
    const patch = updateOf(olds, news);
    if (Object.keys(patch).length > 0) {
      const op = await updateShadowLink(ctx.clients.controlPlane, id, patch);
      await waitOperation(
        ctx,
        op,
        `shadow link ${news.name} (${id}) update`,
        kind.deadlineMs(news.timeouts, "update"),
      );
    }
    if (news.failoverTrigger !== undefined && news.failoverTrigger !== olds.failoverTrigger) {
      // On the shadow cluster's data plane: the control plane has no failover.
      const shadow = await getCluster(ctx.clients.controlPlane, news.shadowRedpandaId);
      await failoverShadowLink(ctx.clients.dataPlane(shadow.dataplane_api.url), news.name);
    }
    return current(ctx, id, news);
  },
  async delete(id, props, ctx) {
    try {
      const op = await deleteShadowLink(ctx.clients.controlPlane, id);
      await waitOperation(
        ctx,
        op,
        `shadow link ${props.name} (${id}) deletion`,
        kind.deadlineMs(props.timeouts, "delete"),
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};
