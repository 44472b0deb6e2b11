/** Network's lifecycle (its requests: ./api.ts): create and delete are long-running operations. */
import type { Operation } from "../../transport/zod-shapes";
import { createOnce } from "../../retry/create-once";
import type { ControlPlaneClient } from "../../transport/controlplane";
import { OperationError } from "../../errors";
import { fromApi, networkKind, toApi } from "./kind";
import type { NetworkInputs, NetworkOutputs } from "./kind";
import { CreatedButFailed, stateFailed } from "../../runtime/lifecycle";
import type { ResourceSpec } from "../../runtime/lifecycle";
import type { CallContext } from "../../runtime/context";
import { operationInProgress, waitOperation } from "../../runtime/common";
import { regionProblems } from "../../catalog/regions";
import { createNetwork, deleteNetwork, getNetwork, listNetworks } from "./api";

/** A create the API accepted (with its operation) or a network found by name. */
interface Accepted {
  id: string;
  op?: Operation;
  cidr?: string;
  rg?: string;
}

/** The state after create: the declared inputs with what the API computed. */
async function outputs(ctx: CallContext, id: string, i: NetworkInputs): Promise<NetworkOutputs> {
  const n = await getNetwork(ctx.clients.controlPlane, id);
  return { ...i, id, state: n.state, zones: n.zones };
}

export const network: ResourceSpec<typeof networkKind.fields, NetworkOutputs> = {
  kind: networkKind,
  failed: stateFailed,
  label: (i) => `network ${i.name}`,
  async preflight(i, olds, known, ctx) {
    if (i.adoptId) return [];
    const placementKnown = known("cloudProvider") && known("region") && known("clusterType");
    const placementChanged =
      olds.cloudProvider !== i.cloudProvider ||
      olds.region !== i.region ||
      olds.clusterType !== i.clusterType;
    // No check of the CIDR block against other networks: the real service creates networks whose
    // blocks overlap (the Terraform provider's CI runs two examples with 10.0.0.0/20 in AWS
    // us-east-2 at once, in one organization; see emulator/routes/network.ts).
    if (!placementKnown || !placementChanged) return [];
    const cp = ctx.clients.controlPlane;
    const offered = await cp.listRegions(i.cloudProvider, i.clusterType).catch(() => []);
    return regionProblems("Network", offered, i);
  },
  async create(i, ctx) {
    const cp = ctx.clients.controlPlane;
    if (i.adoptId) return { id: i.adoptId, outs: await outputs(ctx, i.adoptId, i) };
    const { value } = await createOnce<Accepted, ControlPlaneClient>({
      describe: `network "${i.name}"`,
      client: cp,
      create: async (cp) => {
        const op = await createNetwork(cp, toApi(i));
        return { id: op.resource_id ?? "", op };
      },
      lookup: async (cp) => {
        const found = (await listNetworks(cp, { "filter.name_contains": i.name })).find(
          (n) => n.name === i.name,
        );
        return found
          ? { id: found.id, cidr: found.cidr_block, rg: found.resource_group_id }
          : undefined;
      },
      matches: (f) => (f.cidr || undefined) === i.cidrBlock && f.rg === i.resourceGroupId,
    });
    try {
      // An earlier run's create found by its lookup: wait on the operation still running for it.
      const op = value.op ?? (await operationInProgress(ctx, value.id, "TYPE_CREATE_NETWORK"));
      if (op)
        await waitOperation(
          ctx,
          op,
          `network ${i.name} (${value.id})`,
          networkKind.deadlineMs(i.timeouts, "create"),
        );
      return { id: value.id, outs: await outputs(ctx, value.id, i) };
    } catch (err) {
      throw new CreatedButFailed(
        value.id,
        { id: value.id, state: err instanceof OperationError ? "STATE_FAILED" : "STATE_CREATING" },
        err as Error,
      );
    }
  },
  async read(id, props, ctx) {
    const n = await getNetwork(ctx.clients.controlPlane, id);
    if (n.state === "STATE_DELETING") return undefined;
    return fromApi(n, props);
  },
  inputsOf: (o) => ({
    name: o.name,
    ...(o.cidrBlock !== undefined ? { cidrBlock: o.cidrBlock } : {}),
    region: o.region,
  }),
  async update(id, _olds, news, ctx) {
    // Only timeouts/adoptId can change in place; this also resumes a create that did not finish
    // (interrupted, or past its timeout): its operation still running is waited for first.
    const running = await operationInProgress(ctx, id, "TYPE_CREATE_NETWORK");
    if (running) {
      // The create's own deadline: what is awaited is still the create.
      const limit = networkKind.deadlineMs(news.timeouts, "create");
      await waitOperation(ctx, running, `network ${news.name} (${id})`, limit);
    }
    const n = await getNetwork(ctx.clients.controlPlane, id);
    if (n.state === "STATE_FAILED") {
      throw new OperationError(
        `network ${id} is STATE_FAILED; replace it (pulumi up --replace <urn>)`,
        undefined,
        id,
      );
    }
    return outputs(ctx, id, news);
  },
  async delete(id, props, ctx) {
    const op = await deleteNetwork(ctx.clients.controlPlane, id);
    await waitOperation(
      ctx,
      op,
      `network ${props.name} (${id}) deletion`,
      networkKind.deadlineMs(props.timeouts, "delete"),
    );
  },
};
