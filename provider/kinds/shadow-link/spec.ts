/** ShadowLink's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. Operations waited on. */
import { createOnce } from "../../retry/create-once";
import { OperationError, isNotFound } from "../../transport/errors";
import type { Operation } from "../../transport/zod-shapes";
import { fromApi, shadowLinkKind, toApi, updateOf } from "./kind";
import type { ShadowLinkInputs, ShadowLinkOutputs } from "./kind";
import { operationInProgress, waitOperation } from "../../runtime/common";
import { getClients } from "../../runtime/context";
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

async function current(id: string, i: ShadowLinkInputs): Promise<ShadowLinkOutputs> {
  const record = await getShadowLink(getClients().controlPlane, id);
  return { ...fromApi(record, i), id };
}

export const shadowLink: ResourceSpec<typeof kind.fields, ShadowLinkOutputs> = {
  kind,
  // A link whose creation failed is replaced on the next `up`.
  failed: (o: Props) => o.state === "STATE_CREATION_FAILED",
  label: (i) => `shadow link ${i.name}`,
  async create(i) {
    const cp = getClients().controlPlane;
    if (i.adoptId) return { id: i.adoptId, outs: await current(i.adoptId, i) };
    const { value } = await createOnce<{ id: string; op?: Operation; shadow?: string }>({
      describe: `shadow link "${i.name}"`,
      create: async () => {
        const op = await createShadowLink(cp, toApi(i));
        return { id: op.resource_id ?? "", op };
      },
      lookup: async () => {
        const found = (
          await listShadowLinks(cp, { "filter.shadow_redpanda_id": i.shadowRedpandaId })
        ).find((l) => l.name === i.name);
        return found ? { id: found.id, shadow: found.shadow_redpanda_id ?? undefined } : undefined;
      },
      matches: (f) => f.shadow === i.shadowRedpandaId,
    });
    try {
      // An earlier run's create found by its lookup: wait on the operation still running for it.
      const op = value.op ?? (await operationInProgress(value.id, "TYPE_CREATE_SHADOW_LINK"));
      if (op)
        await waitOperation(
          op,
          `shadow link ${i.name} (${value.id})`,
          kind.deadlineMs(i.timeouts, "create"),
        );
      return { id: value.id, outs: await current(value.id, i) };
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
  async read(id, props) {
    const record = await getShadowLink(getClients().controlPlane, id);
    if (record.state === "STATE_DELETING") return undefined;
    return { ...fromApi(record, props), id };
  },
  async update(id, olds, news) {
    const patch = updateOf(olds, news);
    if (Object.keys(patch).length > 0) {
      const op = await updateShadowLink(getClients().controlPlane, id, patch);
      await waitOperation(
        op,
        `shadow link ${news.name} (${id}) update`,
        kind.deadlineMs(news.timeouts, "update"),
      );
    }
    if (news.failoverTrigger !== undefined && news.failoverTrigger !== olds.failoverTrigger) {
      // On the shadow cluster's data plane: the control plane has no failover.
      const shadow = await getCluster(getClients().controlPlane, news.shadowRedpandaId);
      await failoverShadowLink(getClients().dataPlane(shadow.dataplane_api.url), news.name);
    }
    return current(id, news);
  },
  async delete(id, props) {
    try {
      const op = await deleteShadowLink(getClients().controlPlane, id);
      await waitOperation(
        op,
        `shadow link ${props.name} (${id}) deletion`,
        kind.deadlineMs(props.timeouts, "delete"),
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};
