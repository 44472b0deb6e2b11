/** The request log (`/_admin/requests`): every answered request but the admin API's own. */
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** Records each answered request (method, route, path, status) in onResponse. */
export const requestLog: Hook = (app, { services: { log } }) => {
  app.addHook("onResponse", async (req, reply) => {
    if (pathOf(req).admin) return;
    log.record({
      method: req.method,
      route: req.routeOptions.url ?? "(unmatched)",
      path: req.url,
      status: reply.statusCode,
    });
  });
};
