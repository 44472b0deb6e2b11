import type { FastifyInstance } from "fastify";
import { acceptInvite } from "../domain/invites";
import { acceptPeering } from "../domain/peerings";
import { inventory } from "../domain/inventory";
import type { EmulatorContext, Services } from "../context";
import type { RouteFault } from "../control";
import type { RpcCode } from "../errors";
import { invalid, notFound } from "../errors";
import type { DpAcl, World } from "../domain/records";
import { emptyWorld } from "../domain/records";
import { asObject } from "../validate";

const KINDS: Record<string, keyof World> = {
  "resource-groups": "resourceGroups",
  networks: "networks",
  clusters: "clusters",
  "serverless-clusters": "serverless",
  "role-bindings": "roleBindings",
  "service-accounts": "serviceAccounts",
};

const DP_KINDS = [
  "users",
  "topics",
  "pipelines",
  "connectSecrets",
  "connectors",
  "transforms",
] as const;

/** The test-control API, by concern: the world, faults and pacing, out-of-band changes. */
export function registerAdmin(app: FastifyInstance, ctx: EmulatorContext, deps: Services): void {
  worldControl(app, ctx, deps);
  faultControl(app, ctx, deps);
  outOfBandChanges(app, ctx);
}

/** Reset, read, and what happens outside Redpanda Cloud (an invitation, a peering accepted). */
function worldControl(app: FastifyInstance, ctx: EmulatorContext, deps: Services): void {
  app.post("/_admin/reset", async () => {
    Object.assign(ctx.world, emptyWorld());
    deps.faults.clear();
    deps.rateLimiter.set(undefined, ctx.now());
    deps.log.clear();
    ctx.timeline.pendingFaults.length = 0;
    ctx.reportedDataplaneUrls.clear();
    ctx.touch();
    return {};
  });

  app.get("/_admin/inventory", async () => inventory(ctx.world));
  app.post("/_admin/revoke-tokens", async () => {
    deps.tokens.revokeIssued();
    return {};
  });
  app.get("/_admin/world", async () => ctx.world);
  // What happens outside Redpanda Cloud: a person accepts an invitation, the customer's cloud
  // accepts a peering.
  app.post<{ Params: { id: string } }>("/_admin/user-invites/:id/accept", async (req) => ({
    user_id: acceptInvite(ctx, req.params.id),
  }));
  app.post<{ Params: { id: string } }>("/_admin/network-peerings/:id/accept", async (req) => {
    acceptPeering(ctx, req.params.id);
    return {};
  });
  // The form of a cluster's data-plane URL its record reports (see EmulatorContext); DELETE goes
  // back to the emulator's own form.
  app.put<{ Params: { clusterId: string } }>("/_admin/dataplane-url/:clusterId", async (req) => {
    const { url } = asObject(req.body);
    if (typeof url !== "string" || url === "")
      throw invalid([{ field: "url", description: "required" }]);
    ctx.reportedDataplaneUrls.set(req.params.clusterId, url);
    return { url };
  });
  app.delete<{ Params: { clusterId: string } }>("/_admin/dataplane-url/:clusterId", async (req) => {
    ctx.reportedDataplaneUrls.delete(req.params.clusterId);
    return {};
  });
}

/** Scripted faults, chaos, failed operations, the rate limit, and the request log. */
function faultControl(app: FastifyInstance, ctx: EmulatorContext, deps: Services): void {
  app.post("/_admin/faults", async (req) => {
    deps.faults.add(asObject(req.body) as unknown as RouteFault);
    return {};
  });
  app.get("/_admin/faults", async () => ({ faults: deps.faults.list() }));
  // The duration factor of transitions that start from now on (a test slows one create to
  // interrupt it, then lets the rest run fast).
  app.post("/_admin/speed", async (req, reply) => {
    const speed = asObject(req.body).speed;
    if (typeof speed !== "number" || !(speed >= 0)) {
      return reply.code(400).send({ message: "speed must be a number >= 0" });
    }
    ctx.timeline.speed = speed;
    return { speed };
  });
  app.post("/_admin/faults/release", async (req) => {
    const path = asObject(req.body).path;
    return { released: deps.faults.release(typeof path === "string" ? path : undefined) };
  });
  app.delete("/_admin/faults", async () => {
    deps.faults.clear();
    return {};
  });

  // Chaos: random faults on a seeded sequence; GET reports what was injected.
  app.post("/_admin/chaos", async (req) => {
    const b = asObject(req.body);
    const num = (k: string, d: number) => (typeof b[k] === "number" ? (b[k] as number) : d);
    deps.chaos.set({
      seed: num("seed", 1),
      rate: num("rate", 0.05),
      slowMs: num("slowMs", 3_000),
      operationFailureRate: num("operationFailureRate", 0.02),
    });
    return deps.chaos.report();
  });
  app.get("/_admin/chaos", async () => deps.chaos.report());
  app.delete("/_admin/chaos", async () => {
    const last = deps.chaos.report();
    deps.chaos.set(undefined);
    return last;
  });

  app.post("/_admin/operation-faults", async (req) => {
    const body = asObject(req.body);
    ctx.timeline.pendingFaults.push({
      type: typeof body.type === "string" ? body.type : undefined,
      error: {
        code: (typeof body.code === "string" ? body.code : "INTERNAL") as RpcCode,
        message: typeof body.message === "string" ? body.message : "scripted operation failure",
        details: [],
      },
    });
    return {};
  });

  app.post("/_admin/rate-limit", async (req) => {
    const { rps, header } = asObject(req.body);
    deps.rateLimiter.set(typeof rps === "number" ? rps : undefined, ctx.now(), header !== false);
    return {};
  });

  app.get("/_admin/requests", async () => deps.log.snapshot());
  app.delete("/_admin/requests", async () => {
    deps.log.clear();
    return {};
  });
}

/** Out-of-band changes: what someone does in the console behind Pulumi's back. */
function outOfBandChanges(app: FastifyInstance, ctx: EmulatorContext): void {
  app.delete<{ Params: { kind: string; id: string } }>(
    "/_admin/resources/:kind/:id",
    async (req) => {
      const key = KINDS[req.params.kind];
      const table = key ? (ctx.world[key] as Record<string, unknown>) : undefined;
      if (!table || !table[req.params.id]) throw notFound(`${req.params.kind} ${req.params.id}`);
      delete table[req.params.id];
      if (key === "clusters" || key === "serverless") delete ctx.world.dataplanes[req.params.id];
      ctx.touch();
      return {};
    },
  );
  app.patch<{ Params: { kind: string; id: string } }>(
    "/_admin/resources/:kind/:id",
    async (req) => {
      const key = KINDS[req.params.kind];
      const table = key
        ? (ctx.world[key] as unknown as Record<string, Record<string, unknown>>)
        : undefined;
      const rec = table?.[req.params.id];
      if (!rec) throw notFound(`${req.params.kind} ${req.params.id}`);
      Object.assign(rec, asObject(req.body));
      ctx.touch();
      return rec;
    },
  );

  app.delete<{ Params: { clusterId: string; kind: string; key: string } }>(
    "/_admin/dataplane/:clusterId/:kind/:key",
    async (req) => {
      const dp = ctx.world.dataplanes[req.params.clusterId];
      const kind = req.params.kind as (typeof DP_KINDS)[number];
      const table = dp && DP_KINDS.includes(kind) ? dp[kind] : undefined;
      if (!table?.[req.params.key]) throw notFound(`${req.params.kind} ${req.params.key}`);
      delete table[req.params.key];
      ctx.touch();
      return {};
    },
  );
  app.patch<{ Params: { clusterId: string; kind: string; key: string } }>(
    "/_admin/dataplane/:clusterId/:kind/:key",
    async (req) => {
      const dp = ctx.world.dataplanes[req.params.clusterId];
      const kind = req.params.kind as (typeof DP_KINDS)[number];
      const rec =
        dp && DP_KINDS.includes(kind)
          ? (dp[kind]?.[req.params.key] as unknown as Record<string, unknown> | undefined)
          : undefined;
      if (!rec) throw notFound(`${req.params.kind} ${req.params.key}`);
      Object.assign(rec, asObject(req.body));
      ctx.touch();
      return rec;
    },
  );
  app.post<{ Params: { clusterId: string } }>(
    "/_admin/dataplane/:clusterId/acls:delete",
    async (req) => {
      const dp = ctx.world.dataplanes[req.params.clusterId];
      if (!dp) throw notFound(`cluster ${req.params.clusterId}`);
      const target = asObject(req.body) as unknown as DpAcl;
      const before = dp.acls.length;
      dp.acls = dp.acls.filter((a) => JSON.stringify(a) !== JSON.stringify({ ...a, ...target }));
      ctx.touch();
      return { removed: before - dp.acls.length };
    },
  );
}
