/**
 * A pipeline's `configYaml` checked by its cluster's Redpanda Connect before it runs
 * (`POST /v1/redpanda-connect/pipelines:lint-config`, api.ts): each hint the vendor's linter gives
 * is a failure of `configYaml` naming the pipeline, the line, the column and the hint. spec.ts
 * lints at preview (its preflight) where the cluster's address is known, and at create, before the
 * pipeline is made, where it was not (the cluster is new in the same run). A lint that cannot be
 * had (no answer, 404 or 501 from an older service, any other failure) never blocks: one warning
 * line, and the run goes on without it.
 */
import { createHash } from "node:crypto";
import { ApiError, Interrupted, RedpandaError } from "../../errors";
import type { CallContext } from "../../runtime/context";
import type { CheckFailure } from "../../runtime/lifecycle";
import { lintPipelineConfig } from "./api";
import type { LintHint } from "./api";

/** What a lint needs of the pipeline's inputs. */
export interface Linted {
  dataplaneApiUrl: string;
  displayName: string;
  configYaml: string;
}

/**
 * What this process learned of a configuration at a cluster: the hints, or `undefined` when the
 * lint could not be had (warned once). The create of a pipeline whose check linted it already
 * asks nothing again (and warns nothing again). Bounded: the oldest entries go first.
 */
const learned = new Map<string, LintHint[] | undefined>();
const REMEMBERED = 256;

/** The failure of one hint: `Pipeline "<name>": configYaml line 2, column 1: <hint>`. */
function lintFailure(displayName: string, h: LintHint): CheckFailure {
  const where = h.line ? ` line ${h.line}${h.column ? `, column ${h.column}` : ""}` : "";
  return {
    property: "configYaml",
    reason: `Pipeline "${displayName}": configYaml${where}: ${h.hint || h.lint_type || "lint hint"}`,
  };
}

/** Why the lint could not be had, in our own words (no server text: it goes to the log). */
function unreached(err: unknown): string {
  if (err instanceof ApiError) {
    // No answer: the transport's own words (`connection to <host> failed (ECONNREFUSED)`).
    if (err.status === 0) return `no answer: ${err.apiMessage}`;
    if (err.status === 404 || err.status === 501)
      return `HTTP ${err.status} ${err.code}: this data plane has no lint (an older service)`;
    return `HTTP ${err.status} ${err.code}`;
  }
  return err instanceof RedpandaError ? err.message : "an unexpected failure";
}

/**
 * The lint's failures for the pipeline's configuration: one per hint, none when it passes or when
 * the lint could not be had (then a warning line says so). Ctrl-C still interrupts.
 */
export async function lintFailures(ctx: CallContext, i: Linted): Promise<CheckFailure[]> {
  const c = ctx.dp(i.dataplaneApiUrl);
  const key = createHash("sha256")
    .update(c.baseUrl)
    .update("\0")
    .update(i.configYaml)
    .digest("hex");
  let hints: LintHint[] | undefined;
  if (learned.has(key)) {
    hints = learned.get(key);
  } else {
    try {
      hints = await lintPipelineConfig(c, i.configYaml);
    } catch (err) {
      if (err instanceof Interrupted) throw err;
      hints = undefined;
      ctx.log(
        `Pipeline "${i.displayName}": configYaml was not linted (POST …/pipelines:lint-config: ${unreached(err)}); going on without the lint`,
      );
    }
    learned.set(key, hints);
    if (learned.size > REMEMBERED) learned.delete(learned.keys().next().value as string);
  }
  return (hints ?? []).map((h) => lintFailure(i.displayName, h));
}
