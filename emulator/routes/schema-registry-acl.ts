/**
 * Schema Registry ACLs (`/security/acls` under each cluster's registry): list, add, remove. The
 * registry's authentication and their enforcement run in routes/schema.ts's hook
 * (schema-registry/acl.ts).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import type { Dataplane } from "../domain/records";
import { registryOf } from "../schema-registry/registry";
import { FIELDS, aclsOf, same } from "../schema-registry/acl";

export function registerSchemaRegistryAcls(app: FastifyInstance, ctx: EmulatorContext): void {
  type P = { clusterId: string };
  const dpOf = (clusterId: string): Dataplane => dataplaneFor(ctx, clusterId).dp;
  const touch = () => ctx.touch();
  app.get<{ Params: P }>("/security/acls", async (req) => {
    const q = req.query as Record<string, string | undefined>;
    return registryOf(dpOf(req.params.clusterId)).acls.filter((a) =>
      FIELDS.every((f) => q[f] === undefined || a[f] === q[f]),
    );
  });
  app.post<{ Params: P }>("/security/acls", async (req, reply) => {
    const r = registryOf(dpOf(req.params.clusterId));
    for (const acl of aclsOf(req.body)) if (!r.acls.some((a) => same(a, acl))) r.acls.push(acl);
    touch();
    return reply.code(201).send();
  });
  app.delete<{ Params: P }>("/security/acls", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const gone = aclsOf(req.body);
    const removed = r.acls.filter((a) => gone.some((g) => same(a, g)));
    r.acls = r.acls.filter((a) => !gone.some((g) => same(a, g)));
    touch();
    return removed;
  });
}
