/**
 * Every error, and every unknown route, answers as the vendor's API does: a google.rpc.Status
 * body in the plane's shape (the Schema Registry has its own handler, routes/schema.ts).
 */
import type { FastifyError } from "fastify";
import { ApiError } from "../errors";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** The error and not-found handlers of the server's root scope. */
export const errorAnswers: Hook = (app) => {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const { plane } = pathOf(req);
    const apiError =
      err instanceof ApiError
        ? err
        : err.statusCode && err.statusCode < 500
          ? new ApiError("INVALID_ARGUMENT", err.message, "REASON_INVALID_INPUT")
          : new ApiError("INTERNAL", "Internal Server Error", "REASON_SERVER_ERROR");
    if (apiError.code === "INTERNAL" && !(err instanceof ApiError)) {
      // A defect of the emulator, not a scripted fault: say where, or it is invisible.
      process.stderr.write(`[emulator] internal error on ${req.method} ${req.url}: ${err.stack}\n`);
    }
    if (apiError.code === "UNAUTHENTICATED" && plane === "dataplane") {
      reply.header("WWW-Authenticate", 'Bearer realm="redpanda"');
    }
    void reply.code(apiError.httpStatus).send(apiError.body(plane));
  });

  app.setNotFoundHandler((req, reply) => {
    const { path, plane } = pathOf(req);
    void reply
      .code(404)
      .send(new ApiError("NOT_FOUND", `no route for ${req.method} ${path}`).body(plane));
  });
};
