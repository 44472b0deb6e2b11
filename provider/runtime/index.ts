/**
 * The stable entry point the serialized shim `require`s: "pulumi-redpanda-cloud/runtime".
 * FROZEN CONTRACT (see shim.ts): `v1(method, args)`. Every version of this package must serve
 * every type name and method ever written to state.
 */
import { RedpandaError } from "../errors";
import { setConfigLookup } from "./context";
import { TYPE_KEY } from "./shim";
import type { Props, Provider } from "./lifecycle";
import { PROVIDERS } from "../kinds/registry";
import { exitWhenOrphaned } from "./orphan";
import { reportOnce } from "./report";

exitWhenOrphaned();

// The one list of kinds, generated from the folders under provider/kinds/.
const providers: Record<string, Provider> = PROVIDERS;

export const RESOURCE_TYPES = Object.keys(providers);

/** The engine's stack config: `get("redpanda:apiUrl")` reads any namespace. */
export interface EngineConfig {
  get(key: string): string | undefined;
}

export async function configure(config: EngineConfig): Promise<void> {
  // Assigned before any await: provider calls racing this configure already see it.
  setConfigLookup((key) => config.get(`redpanda:${key}`));
}

/** The lifecycle provider of one resource type. */
export function providerFor(type: string): Provider {
  const p = providers[type];
  if (!p)
    throw new RedpandaError(
      `Unknown resource type "${type}" in state; known: ${RESOURCE_TYPES.join(", ")}.`,
    );
  return p;
}

type Method = "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";

const METHODS: readonly Method[] = [
  "configure",
  "check",
  "diff",
  "create",
  "read",
  "update",
  "delete",
];

/**
 * What the one-line shim asks for (see shim.ts): the dynamic provider object, every method
 * dispatched by `v1` on the resource's type.
 */
export function provider(): Record<Method, (...args: unknown[]) => Promise<unknown>> {
  return Object.fromEntries(METHODS.map((m) => [m, (...args: unknown[]) => v1(m, args)])) as Record<
    Method,
    (...args: unknown[]) => Promise<unknown>
  >;
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

/** Protocol 1 of the shim: dispatch a provider method by name. */
export async function v1(method: Method, args: unknown[]): Promise<unknown> {
  if (method === "configure") {
    const req = args[0] as { config: EngineConfig };
    return configure(req.config);
  }
  const p = providerFor(typeOf(method, args));
  const a = args as [never, never, never];
  switch (method) {
    case "create":
      return p.create(a[0]);
    case "update":
      return p.update(a[0], a[1], a[2]);
    default:
      // The host prints these methods' errors with their stack as well as reporting them.
      return printedOnce(p, method, a);
  }
}

async function printedOnce(p: Provider, method: Method, a: [never, never, never]) {
  try {
    switch (method) {
      case "check":
        return await p.check(a[0], a[1]);
      case "diff":
        return await p.diff(a[0], a[1], a[2]);
      case "read":
        return await p.read(a[0], a[1]);
      default:
        return await p.delete(a[0], a[1]);
    }
  } catch (err) {
    throw reportOnce(err);
  }
}
