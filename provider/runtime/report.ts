/**
 * How a failed provider call reaches the user: the message once, without this package's stack.
 *
 * Pulumi's dynamic-provider host prints `${err}: ${err.stack}` to its stderr when check, diff,
 * read or delete fails, and the CLI shows that beside the error it reports — the same sentence
 * twice, with a stack trace into files the package does not ship (16 stack lines for a refresh
 * of two resources at a wrong address). The error the engine reports carries the message; the
 * printed copy is dropped unless REDPANDA_DEBUG is set (1, true or yes), which keeps it, stack
 * and all, for a bug report.
 */

import { ApiError } from "../errors";

const printed = new Set<string>();
let filtering = false;

export function debugging(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.REDPANDA_DEBUG ?? "");
}

/** Drops from stderr exactly the line the host prints for an error this package reported. */
function filterHostPrints(): void {
  if (filtering) return;
  filtering = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && printed.delete(args[0])) return;
    original(...args);
  };
}

/**
 * Called with the error of a failed check, diff, read or delete before it goes back to the host:
 * the host's stack print of it is suppressed (unless debugging). The error itself is unchanged.
 */
export function reportOnce(err: unknown): unknown {
  if (!(err instanceof Error) || debugging()) return err;
  filterHostPrints();
  printed.add(`${String(err)}: ${err.stack}`);
  return err;
}

/**
 * A refresh or destroy that cannot reach the API, or is refused its credentials: without
 * `--run-program` these run with the `redpanda:*` settings recorded at the last `pulumi up`, so
 * fixing `redpanda:apiUrl` or the token with `pulumi config set` does not reach them. Says so, and
 * the way out, on the error itself.
 */
export function withRecordedSettingsNote(err: unknown, op: "refresh" | "destroy"): unknown {
  if (!(err instanceof ApiError) || (err.status !== 0 && err.status !== 401)) return err;
  const way =
    op === "refresh"
      ? "`pulumi refresh --run-program` (or `pulumi up`)"
      : "`pulumi destroy --run-program`";
  err.message +=
    `\nA ${op} uses the redpanda:* settings recorded at the last \`pulumi up\`, not those set since:` +
    ` if you changed redpanda:apiUrl or the credentials, run ${way} to use the current ones.`;
  return err;
}
