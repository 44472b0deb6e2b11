/** The token-bucket rate limit set by the admin API, with the vendor's `ratelimit` header. */
import { ApiError } from "../errors";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** Every request but the admin API's takes a token from the bucket or is answered 429. */
export const rateLimit: Hook = (app, { services: { rateLimiter } }) => {
  app.addHook("onRequest", async (req, reply) => {
    if (pathOf(req).admin) return;
    const wait = rateLimiter.take(Date.now());
    const quota = rateLimiter.header(Date.now());
    if (quota) reply.header("ratelimit", quota);
    if (wait > 0) {
      reply.header("Retry-After", String(wait));
      throw new ApiError("RESOURCE_EXHAUSTED", "rate limit exceeded", "REASON_RATE_LIMIT_EXCEEDED");
    }
  });
};
