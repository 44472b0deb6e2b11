/** Requests are checked against the vendor's request schemas before any handler runs. */
import { invalid } from "../errors";
import { RequestContract } from "../request-contract";
import type { Hook } from "./env";
import { pathOf } from "./request-path";

let compiledContract: RequestContract | undefined;
/** Compiling both planes' schemas takes a moment: once per process, shared by every emulator. */
function sharedRequestContract(): RequestContract {
  compiledContract ??= new RequestContract();
  return compiledContract;
}

/** The vendor's API only: a request its contract refuses is answered 400 with the violations. */
export const contractCheck: Hook = (app) => {
  const requestContract = sharedRequestContract();
  app.addHook("preHandler", async (req) => {
    const { meta, registry, plane, apiPath } = pathOf(req);
    if (meta || registry || !req.routeOptions.url) return;
    const found = requestContract.check(
      plane,
      req.method,
      apiPath,
      (req.query ?? {}) as Record<string, unknown>,
      req.body,
    );
    if (found.length > 0) throw invalid(found);
  });
};
