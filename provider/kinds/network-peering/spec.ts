/**
 * NetworkPeering's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. Create and delete
 * are operations, waited on with progress; the create's operation ends when Redpanda's side is
 * done (the peering then waits for the customer's acceptance, which this resource does not wait
 * for: it happens in the customer's cloud, often in the same program).
 */
import { createOnce } from "../../retry/create-once";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { OperationError, isNotFound } from "../../errors";
import type { NetworkPeering } from "./api";
import type { Operation } from "../../transport/zod-shapes";
import { equal } from "../../equal";
import { computedOf, fromApi, networkPeeringKind, toApi } from "./kind";
import type { NetworkPeeringOutputs } from "./kind";
import { operationInProgress, waitOperation } from "../../runtime/common";
import { CreatedButFailed, stateFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import {
  createNetworkPeering,
  deleteNetworkPeering,
  getNetworkPeering,
  listNetworkPeerings,
} from "./api";

const kind = networkPeeringKind;

export const networkPeering: ResourceSpec<typeof kind.fields, NetworkPeeringOutputs> = {
  kind,
  failed: stateFailed,
  // The display name is unique in the organization: the old peering goes first.
  deleteBeforeReplace: true,
  label: (i) => `network peering ${i.displayName}`,
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) {
      const p = await getNetworkPeering(cp, i.networkId, i.adoptId);
      return { id: p.id, outs: { ...i, ...computedOf(p, i) } };
    }
    const { value } = await createOnce<
      { id: string; op?: Operation; found?: NetworkPeering },
      ControlPlaneClient
    >({
      describe: `network peering "${i.displayName}"`,
      client: cp,
      create: async (cp) => {
        const op = await createNetworkPeering(cp, i.networkId, toApi(i));
        return { id: String(op.metadata?.network_peering_id ?? op.resource_id ?? ""), op };
      },
      lookup: async (cp) => {
        const found = (await listNetworkPeerings(cp, i.networkId)).find(
          (p) => p.display_name === i.displayName,
        );
        return found && { id: found.id, found };
      },
      // The same name on this network towards the same peer is what a lost answer left behind.
      matches: ({ found }) => {
        if (!found) return false;
        const live = fromApi(found, { ...i, ...computedOf(found, i) });
        return equal([live.aws, live.gcp, live.azure], [i.aws, i.gcp, i.azure]);
      },
    });
    try {
      // An earlier run's create found by its lookup: wait on the operation still running for it.
      const op =
        value.op ?? (await operationInProgress(ctx, value.id, "TYPE_CREATE_NETWORK_PEERING"));
      if (op)
        await waitOperation(
          ctx,
          op,
          `network peering ${i.displayName} (${value.id})`,
          kind.deadlineMs(i.timeouts, "create"),
        );
      const p = await getNetworkPeering(cp, i.networkId, value.id);
      return { id: p.id, outs: { ...i, ...computedOf(p, i) } };
    } catch (err) {
      throw new CreatedButFailed(
        value.id,
        {
          id: value.id,
          state: err instanceof OperationError ? "STATE_FAILED" : "STATE_CREATING",
          cloudStatus: "",
          vpcPeeringConnectionId: "",
          vpcNetworkPeeringName: "",
          applicationId: "",
          customerAction: "",
        },
        err as Error,
      );
    }
  },
  async read(id, props, ctx) {
    const p = await getNetworkPeering(ctx.clients.controlPlane, props.networkId, id);
    if (p.state === "STATE_DELETING") return undefined;
    return fromApi(p, props);
  },
  inputsOf: (o) => ({ displayName: o.displayName, aws: o.aws, gcp: o.gcp, azure: o.azure }),
  async update(id, _olds, news, ctx) {
    // Every input replaces; only deadlines and adoptId can change in place, and they call nothing.
    return {
      ...news,
      ...computedOf(await getNetworkPeering(ctx.clients.controlPlane, news.networkId, id), news),
    };
  },
  async delete(id, props, ctx) {
    const cp = ctx.clients.controlPlane;
    try {
      const op = await deleteNetworkPeering(cp, props.networkId, id);
      await waitOperation(
        ctx,
        op,
        `network peering ${props.displayName} (${id}) deletion`,
        kind.deadlineMs(props.timeouts, "delete"),
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};
