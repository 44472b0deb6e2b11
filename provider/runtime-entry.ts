/**
 * What `require("pulumi-redpanda-cloud/runtime")` loads (package.json `exports`): the kinds'
 * providers from the generated registry, handed to the runtime's dispatch. The runtime itself
 * (provider/runtime/) knows no kind. FROZEN CONTRACT (see runtime/shim.ts): this module's
 * `provider()` and `v1(method, args)` serve every type name and method ever written to state.
 */
import { PROVIDERS } from "./kinds/registry";
import { dispatch } from "./runtime/dispatch";
import { cancelOnSignals } from "./runtime/interrupt";
import { exitWhenOrphaned } from "./runtime/orphan";

exitWhenOrphaned();

export type { EngineConfig, Method } from "./runtime/dispatch";

const served = dispatch(PROVIDERS);
cancelOnSignals(served.instance, served.idle);

/** Every type name served, in the registry's (the README's) order. */
export const RESOURCE_TYPES = served.RESOURCE_TYPES;
export const { configure, providerFor, provider, v1 } = served;
