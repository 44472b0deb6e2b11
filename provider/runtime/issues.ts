/**
 * A schema problem in words a user can act on: "region is required" rather than zod's "Invalid
 * input: expected string, received undefined", the allowed values of an enum, the expected type.
 * Messages the kinds wrote themselves (custom rules) are kept as they are.
 */
import type { z } from "zod";

/** The value at a path of the raw inputs (undefined when any step is missing). */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * The message for one issue, and whether it already names the property (then the caller adds no
 * `path: ` prefix).
 */
export function describeIssue(
  issue: z.core.$ZodIssue,
  raw: unknown,
): { text: string; named: boolean } {
  const name = issue.path.map(String).join(".");
  if (!name) return { text: issue.message, named: false };
  if (issue.code === "invalid_type") {
    if (valueAt(raw, issue.path) === undefined) return { text: `${name} is required`, named: true };
    const article = /^[aeiou]/.test(issue.expected) ? "an" : "a";
    return { text: `${name} must be ${article} ${issue.expected}`, named: true };
  }
  if (issue.code === "invalid_value" && issue.values.length > 1) {
    return { text: `${name} must be one of ${issue.values.map(String).join(", ")}`, named: true };
  }
  // zod's own wording only ("Too big: expected number to be <=5"); a kind's message is kept.
  if (
    (issue.code === "too_big" || issue.code === "too_small") &&
    /^Too (big|small)/.test(issue.message)
  ) {
    const big = issue.code === "too_big";
    const limit = Number(big ? issue.maximum : issue.minimum);
    const unit =
      issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : "";
    const bound = issue.inclusive
      ? `${big ? "at most" : "at least"} ${limit}`
      : `${big ? "less than" : "more than"} ${limit}`;
    const what = issue.origin === "string" || issue.origin === "array" ? " have" : " be";
    return { text: `${name} must${what} ${bound}${unit}`, named: true };
  }
  return { text: issue.message, named: false };
}
