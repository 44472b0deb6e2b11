/** With `kafka`: a broker runs for every cluster that exists, and none for one that is gone. */
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** Every request but the admin API's: brokers started and stopped to match the clusters. */
export const kafkaReconcile: Hook = (app, { ctx, fleet }) => {
  if (!fleet) return;
  app.addHook("onRequest", async (req) => {
    if (pathOf(req).admin) return;
    await fleet.reconcile(ctx.world);
  });
};
