/**
 * Scripted faults (`/_admin/faults`): the first armed fault matching a request catches it, holds
 * it when asked, then delays it, drops its connection or answers its status. A caught request
 * counts as in flight until it has been handled to the end (`settleCaught`).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { RouteFault } from "../control";
import { ApiError } from "../errors";
import type { Hook, HookEnv } from "./env";
import { pathOf } from "./request-path";

/** Every request but the admin API's: the first matching armed fault catches it. */
export const scriptedFaults: Hook = (app, env) => {
  app.addHook("onRequest", async (req, reply) => {
    const { admin, path } = pathOf(req);
    if (admin) return;
    const taken = env.services.faults.take(req.method, path);
    if (!taken) return;
    env.caught.add(req, taken.settle);
    await taken.released;
    await applyFault(taken.fault, req, reply, env);
  });
};

/**
 * After persistence and the response hooks: the request was handled to the end (world changed,
 * broker written, state saved), so it is no longer in flight, even when its client is gone.
 */
export const settleCaught: Hook = (app, { caught }) => {
  app.addHook("onSend", async (req, _reply, payload) => {
    caught.settle(req);
    return payload;
  });
  app.addHook("onResponse", async (req) => {
    caught.settle(req);
  });
};

/** Delays, drops the connection (no answer follows) or answers the fault's status. */
export async function applyFault(
  fault: RouteFault,
  req: FastifyRequest,
  reply: FastifyReply,
  { caught, services: { log } }: HookEnv,
): Promise<void> {
  if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault.reset) {
    caught.settle(req);
    // No response will follow: log the request here, with status 0.
    log.record({
      method: req.method,
      route: req.routeOptions.url ?? "(unmatched)",
      path: req.url,
      status: 0,
    });
    req.raw.socket.destroy();
    // A hijacked reply runs no further hook.
    await reply.hijack();
    return;
  }
  if (fault.status) {
    if (fault.retryAfterSeconds !== undefined)
      reply.header("Retry-After", String(fault.retryAfterSeconds));
    throw new ApiError(
      fault.status === 429
        ? "RESOURCE_EXHAUSTED"
        : fault.status === 503
          ? "UNAVAILABLE"
          : fault.status === 504
            ? "DEADLINE_EXCEEDED"
            : "INTERNAL",
      `scripted fault: ${fault.status}`,
      fault.status === 429 ? "REASON_RATE_LIMIT_EXCEEDED" : "REASON_SERVER_ERROR",
    );
  }
}
