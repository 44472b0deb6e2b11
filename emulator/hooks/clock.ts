/** Time moves on request: every scheduled transition due by now is applied before the handler. */
import { advance } from "../domain/clock";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

/** Every request but the admin API's: due transitions first (the admin API reads as it stands). */
export const clockAdvance: Hook = (app, { ctx }) => {
  app.addHook("onRequest", async (req) => {
    if (pathOf(req).admin) return;
    if (advance(ctx.world, Date.now(), ctx.timeline)) ctx.touch();
  });
};
