/**
 * The engine's `customTimeouts` (a request's `timeout`, in seconds) as a kind's `timeouts` input:
 * the lifecycle's deadlines read that input, so the engine's value reaches them through it.
 */
import type { Props } from "./props";
import type { ServedKind } from "./registry-bridge";

export type Phase = "create" | "update" | "delete";

/**
 * The engine's `customTimeouts` (seconds) as the kind's `timeouts` input for one phase, unless the
 * program set that phase itself; `restore` takes it back out of the outputs it would reach.
 */
export function withTimeout(
  served: ServedKind,
  news: Props,
  phase: Phase,
  seconds: number,
): { news: Props; restore: (outs: Props) => Props } {
  const declared = "timeouts" in served.kind.inputs.shape;
  const current = (news.timeouts ?? {}) as Record<string, unknown>;
  if (!declared || !(seconds > 0) || current[phase] !== undefined) {
    return { news, restore: (o) => o };
  }
  const original = news.timeouts;
  return {
    news: { ...news, timeouts: { ...current, [phase]: `${Math.ceil(seconds)}s` } },
    restore: (outs) => {
      const rest = { ...outs };
      if (original === undefined) delete rest.timeouts;
      else rest.timeouts = original;
      return rest;
    },
  };
}
