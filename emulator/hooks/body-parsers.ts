/**
 * How request bodies are read: JSON (empty allowed), form-encoded (the token endpoint) and
 * multipart (the transforms deploy).
 */
import { ApiError } from "../errors";
import { MULTIPART_LIMITS, readMultipart } from "../multipart";
import type { Hook } from "./env";

/** Content-type parsers of the server's root scope (the registry adds its own media types). */
export const bodyParsers: Hook = (app) => {
  // The vendor's gateway accepts an empty body on bodiless calls (start/stop, DELETE).
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ApiError("INVALID_ARGUMENT", "request body is not valid JSON", "REASON_INVALID_INPUT"),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // As the vendor's handler answers a body Go's ParseMultipartForm cannot read
  // (redpanda-data/console backend/pkg/api/connect/service/transform/v1/handle_transforms.go@12ba56d).
  app.addContentTypeParser("multipart/form-data", (req, payload, done) => {
    readMultipart(req.headers, payload, MULTIPART_LIMITS).then(
      (body) => done(null, body),
      (err: Error) =>
        done(
          new ApiError(
            "INVALID_ARGUMENT",
            `could not parse multipart form: ${err.message}`,
            "REASON_INVALID_INPUT",
          ),
          undefined,
        ),
    );
  });
};
