/** With `onResponse`: every answer of the vendor's API, with what the client sent, for tests. */
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** Calls `onResponse` with each answer of the vendor's API (data-plane paths without the prefix). */
export const responseRecord: Hook = (app, { options: { onResponse } }) => {
  if (!onResponse) return;
  app.addHook("onSend", async (req, reply, payload) => {
    const { internal, registry, plane, apiPath } = pathOf(req);
    if (internal || registry) return payload;
    let body: unknown;
    try {
      body = typeof payload === "string" && payload !== "" ? JSON.parse(payload) : undefined;
    } catch {
      body = payload;
    }
    onResponse({
      method: req.method,
      path: apiPath,
      plane,
      status: reply.statusCode,
      body,
      request: { query: (req.query ?? {}) as Record<string, unknown>, body: req.body },
    });
    return payload;
  });
};
