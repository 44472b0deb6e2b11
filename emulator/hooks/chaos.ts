/** Chaos mode (`/_admin/chaos`): a seeded share of API requests gets a 429, a 503, a reset or a delay. */
import type { Hook } from "./env";
import { applyFault } from "./faults";
import { pathOf } from "./request-path";

/** After scriptedFaults: a request a scripted fault caught gets no random one. */
export const chaos: Hook = (app, env) => {
  app.addHook("onRequest", async (req, reply) => {
    if (pathOf(req).meta || env.caught.has(req)) return;
    const fault = env.services.chaos.pick();
    if (fault) await applyFault(fault, req, reply, env);
  });
};
