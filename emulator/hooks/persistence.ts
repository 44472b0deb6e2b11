/** Persist before the client hears "done": an acknowledged change survives kill -9. */
import type { Hook } from "./env";

/** Saves a changed world in onSend, before the answer leaves. */
export const persistence: Hook = (app, { ctx, stateFile }) => {
  app.addHook("onSend", async (_req, _reply, payload) => {
    stateFile.saveIfChanged(ctx.world);
    return payload;
  });
};
