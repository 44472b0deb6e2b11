/**
 * With `forwardCompat` (or REDPANDA_EMULATOR_FORWARD_COMPAT=1): every JSON answer of the vendor's
 * API carries unknown fields and enum values, as a newer API would send (../forward-compat.ts).
 */
import { ForwardCompat } from "../forward-compat";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** Adds the unknown fields and enum values to JSON answers of the vendor's API. */
export const forwardCompat: Hook = (app, { options }) => {
  if (!(options.forwardCompat ?? process.env.REDPANDA_EMULATOR_FORWARD_COMPAT === "1")) return;
  const augmenter = new ForwardCompat();
  app.addHook("onSend", async (req, reply, payload) => {
    if (typeof payload !== "string" || !payload.startsWith("{")) return payload;
    const { internal, registry, plane, apiPath } = pathOf(req);
    if (internal || registry) return payload;
    return JSON.stringify(
      augmenter.augment(plane, req.method, apiPath, reply.statusCode, JSON.parse(payload)),
    );
  });
};
