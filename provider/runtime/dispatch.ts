/**
 * The dispatch behind "pulumi-redpanda-cloud/runtime" (provider/runtime-entry.ts hands it the kinds'
 * providers): the method a one-line shim or an older serialized shim asks for, sent to the
 * provider of the resource's type. FROZEN CONTRACT (see shim.ts): `provider()` and
 * `v1(method, args)` serve every type name and method ever written to state.
 */
import { RedpandaError } from "../errors";
import { ProviderInstance } from "./context";
import { engineLog } from "./engine-log";
import { TYPE_KEY } from "./shim";
import type { Props, Provider } from "./lifecycle";
import type { CallContext } from "./context";
import { reportOnce } from "./report";

/** The engine's stack config: `get("redpanda:apiUrl")` reads any namespace. */
export interface EngineConfig {
  get(key: string): string | undefined;
}

export type Method = "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";

const METHODS: readonly Method[] = [
  "configure",
  "check",
  "diff",
  "create",
  "read",
  "update",
  "delete",
];

/** What the entry module exports: the shim's two protocols and the lookup of one type's provider. */
export interface Dispatch {
  /** Every type name served, in the registry's order. */
  RESOURCE_TYPES: string[];
  configure(config: EngineConfig): Promise<void>;
  /** The lifecycle provider of one resource type; an unknown type is an error naming the known. */
  providerFor(type: string): Provider;
  /** The dynamic provider object the one-line shim asks for: every method dispatched by `v1`. */
  provider(): Record<Method, (...args: unknown[]) => Promise<unknown>>;
  /** Protocol 1 of the shim: a provider method by name, on the type its props carry. */
  v1(method: Method, args: unknown[]): Promise<unknown>;
  /** The process's provider instance: its config, clients and cancel signal. */
  instance: ProviderInstance;
  /** Resolves once no call is under way (at once when none is). */
  idle(): Promise<void>;
}

/** The props that carry the resource type, per method's arguments. */
function typeOf(method: Method, args: unknown[]): string {
  // check(olds, news), diff(id, olds, news), update(id, olds, news): news is last;
  // create(inputs); read(id, props), delete(id, props): props is last.
  const props = args[args.length - 1] as Props | undefined;
  const type = props?.[TYPE_KEY];
  if (typeof type !== "string") {
    throw new RedpandaError(
      `${method}: the resource carries no ${TYPE_KEY}; it was not created by pulumi-redpanda-cloud.`,
    );
  }
  return type;
}

async function printedOnce(
  p: Provider,
  method: Method,
  a: [never, never, never],
  ctx: CallContext,
) {
  try {
    switch (method) {
      case "check":
        return await p.check(a[0], a[1], ctx);
      case "diff":
        return await p.diff(a[0], a[1], a[2], ctx);
      case "read":
        return await p.read(a[0], a[1], ctx);
      default:
        return await p.delete(a[0], a[1], ctx);
    }
  } catch (err) {
    throw reportOnce(err);
  }
}

/**
 * The dispatch over `providers` (by type name): the kinds' providers, given by the entry. Its
 * calls run in the process's one provider instance (`instance`): the stack's `redpanda:*` config
 * once `configure` has run, else the environment; lines to the engine.
 */
export function dispatch(
  providers: Readonly<Record<string, Provider>>,
  instance: ProviderInstance = new ProviderInstance(() => undefined, engineLog),
): Dispatch {
  const configure = async (config: EngineConfig): Promise<void> => {
    // Assigned before any await: provider calls racing this configure already see it.
    instance.configure((key) => config.get(`redpanda:${key}`));
  };
  const RESOURCE_TYPES = Object.keys(providers);
  const providerFor = (type: string): Provider => {
    const p = providers[type];
    if (!p)
      throw new RedpandaError(
        `Unknown resource type "${type}" in state; known: ${RESOURCE_TYPES.join(", ")}.`,
      );
    return p;
  };
  const underWay = new Set<Promise<unknown>>();
  const idle = async (): Promise<void> => {
    while (underWay.size > 0) await Promise.allSettled([...underWay]);
  };
  const v1 = (method: Method, args: unknown[]): Promise<unknown> => {
    const call = served(method, args);
    underWay.add(call);
    const done = () => underWay.delete(call);
    call.then(done, done);
    return call;
  };
  const served = async (method: Method, args: unknown[]): Promise<unknown> => {
    if (method === "configure") {
      const req = args[0] as { config: EngineConfig };
      return configure(req.config);
    }
    const p = providerFor(typeOf(method, args));
    const a = args as [never, never, never];
    const ctx = instance.context();
    switch (method) {
      case "create":
        return p.create(a[0], ctx);
      case "update":
        return p.update(a[0], a[1], a[2], ctx);
      default:
        // The host prints these methods' errors with their stack as well as reporting them.
        return printedOnce(p, method, a, ctx);
    }
  };
  const provider = () =>
    Object.fromEntries(METHODS.map((m) => [m, (...args: unknown[]) => v1(m, args)])) as Record<
      Method,
      (...args: unknown[]) => Promise<unknown>
    >;
  return { RESOURCE_TYPES, configure, providerFor, provider, v1, instance, idle };
}
