/**
 * Who may call: the test-control API exists only with `admin` and takes the API's bearer tokens;
 * the vendor's API needs a token, and writes need a principal allowed to write. The Schema
 * Registry authenticates its own way (routes/schema.ts); the token endpoint and the BYOC agent
 * hook check their own credentials.
 */
import { notFound } from "../errors";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** First of all hooks: an `/_admin` request passes no other onRequest hook. */
export const adminAccess: Hook = (app, { options, services }) => {
  app.addHook("onRequest", async (req) => {
    if (!pathOf(req).admin) return;
    if (!options.admin) throw notFound("route");
    // The test-control API can read and reset everything: it takes the same bearer tokens as
    // the API itself, so no local process reaches it without one.
    services.tokens.authenticate(req.headers.authorization, Date.now());
  });
};

/** The vendor's API (not the registry, not the emulator's own routes): a token; writes: a writer. */
export const apiAuth: Hook = (app, { ctx, services }) => {
  app.addHook("onRequest", async (req) => {
    const { meta, registry } = pathOf(req);
    if (meta || registry) return;
    const principal = services.tokens.authenticate(req.headers.authorization, Date.now());
    if (req.method !== "GET") services.tokens.authorizeWrite(principal, ctx.world);
  });
};
