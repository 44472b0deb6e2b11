/**
 * A request's path is read once: the first onRequest hook parses `req.url` (dataplane.ts,
 * `requestPath`: plane, contract path, cluster, which of the emulator's own routes) into
 * `req.where`, and every later hook, the error handlers and the routes read it through `pathOf`.
 */
import type { FastifyRequest } from "fastify";
import type { RequestPath } from "../dataplane";
import { requestPath } from "../dataplane";
import type { Hook } from "./env";

declare module "fastify" {
  interface FastifyRequest {
    /** This request's path, parsed by the first onRequest hook (`null` until then). */
    where: RequestPath | null;
  }
}

/** First of all hooks: parses the path every other hook reads. */
export const readPath: Hook = (app) => {
  app.decorateRequest("where", null);
  app.addHook("onRequest", async (req) => {
    req.where = requestPath(req.url);
  });
};

/** The request's parsed path. */
export function pathOf(req: FastifyRequest): RequestPath {
  // fastify answers a URL it cannot route at all (a malformed one) before any onRequest hook runs:
  // only then is the path still to read.
  return req.where ?? requestPath(req.url);
}
