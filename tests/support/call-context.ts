/**
 * A provider call's context for unit tests of the lifecycle and the kinds: a provider instance
 * reading `config` (nothing set by default, so the REDPANDA_* environment decides), whose lines
 * are kept in `lines` when given.
 */
import type { CallContext } from "../../provider/runtime/context";
import { ProviderInstance } from "../../provider/runtime/context";
import type { ConfigLookup } from "../../provider/transport/settings";

export function testContext(config: ConfigLookup = () => undefined, lines?: string[]): CallContext {
  return new ProviderInstance(config, (message) => lines?.push(message)).context();
}
