/** How request bodies are read: JSON (empty allowed) and form-encoded (the token endpoint). */
import { ApiError } from "../errors";
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
};
