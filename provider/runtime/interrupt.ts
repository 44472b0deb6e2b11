/**
 * Ctrl-C in a dynamic provider's process. The engine sends the dynamic providers' host no Cancel it
 * passes on (its `cancel` answers and does nothing), so what reaches this process is a signal:
 * SIGINT or SIGTERM when the engine ends its plugins (pulumi's `TerminateProcessGroup`), or from a
 * terminal or a CI runner that signals the whole process tree. Either cancels the instance: every
 * wait, retry pause and request under way stops with `Interrupted`, a create the API had accepted
 * answers with its id (the lifecycle's ResourceInitFailed) so the engine can record it, and the
 * process exits once those answers are out — at once when nothing is under way, as the engine
 * expects of a plugin it ends.
 */
import type { ProviderInstance } from "./context";

/**
 * How long answers under way may take to leave before the process exits anyway: longer than a
 * create's POST is let run after Ctrl-C (transport/http.ts, CREATE_ANSWER_GRACE_MS).
 */
const ANSWER_GRACE_MS = 3_000;

/** Installs the handlers, once, and only inside Pulumi's dynamic-provider host process. */
export function cancelOnSignals(
  instance: ProviderInstance,
  idle: () => Promise<void>,
  argv: readonly string[] = process.argv,
): void {
  if (!/dynamic-provider/.test(argv[1] ?? "")) return;
  const stop = (signal: NodeJS.Signals) => {
    instance.lines(`[redpanda] ${signal}: stopping the waits under way`, false);
    instance.cancel();
    const grace = new Promise<void>((resolve) => setTimeout(resolve, ANSWER_GRACE_MS));
    // The answers leave on the next turns of the event loop: a short pause after the last.
    void Promise.race([idle().then(() => new Promise((r) => setTimeout(r, 50))), grace]).then(() =>
      process.exit(130),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
