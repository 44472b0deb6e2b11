/**
 * The changes as Markdown for a pull request or a CI job summary: a reviewer's preview summary
 * (counts first, replacements next, then each changed resource with what changes) and a drift
 * report (each resource and property changed outside Pulumi, with both values).
 */
import type { PolicyViolation, PropertyChange, ResourceChange, RunChanges } from "./changes";

const MAX_VALUE = 60;

/** A value for a table cell: JSON, masked secrets kept masked, long ones cut, pipes escaped. */
export function showValue(v: unknown): string {
  if (v === undefined) return "unset";
  if (
    v === "[secret]" ||
    (typeof v === "object" &&
      v !== null &&
      !Array.isArray(v) &&
      "4dabf18193072939515e22adb298388d" in v)
  ) {
    return "[secret]";
  }
  const text = JSON.stringify(v) ?? String(v);
  const cut = text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
  return cut.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

const ORDER = ["replace", "delete", "update", "create", "import", "read"];
const rank = (op: string): number => (ORDER.includes(op) ? ORDER.indexOf(op) : ORDER.length);

function counts(changes: ResourceChange[]): string {
  const byOp = new Map<string, number>();
  for (const c of changes) byOp.set(c.op, (byOp.get(c.op) ?? 0) + 1);
  return [...byOp]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([op, n]) => `${n} to ${op}`)
    .join(", ");
}

const stackLabel = (stack: string): string => (stack ? ` of stack \`${stack}\`` : "");

function propertyLine(p: PropertyChange, replaceReasons: string[]): string {
  const forces = replaceReasons.some(
    (r) => p.path === r || p.path.startsWith(`${r}.`) || p.path.startsWith(`${r}[`),
  );
  return `\`${p.path}\` ${showValue(p.before)} → ${showValue(p.after)}${forces ? " (forces replacement)" : ""}`;
}

/** The policy violations: mandatory ones block the change; the message's last line is the finding. */
function violationLines(violations: PolicyViolation[]): string[] {
  if (violations.length === 0) return [];
  const mandatory = violations.filter((v) => v.level === "mandatory").length;
  const head =
    mandatory > 0
      ? `**✖ ${mandatory} mandatory policy violation${mandatory > 1 ? "s" : ""} block${mandatory > 1 ? "" : "s"} this change**`
      : "**Policy advice**";
  const advisory = violations.length - mandatory;
  const lines = [
    `${head}${mandatory > 0 && advisory > 0 ? ` (and ${advisory} advisory)` : ""}:`,
    "",
  ];
  for (const v of violations) {
    const finding = v.message.split("\n").pop() ?? v.message;
    lines.push(`- ${v.level} \`${v.policy}\` on \`${v.name}\`: ${finding}`);
  }
  return [...lines, ""];
}

const errorLines = (errors: string[]): string[] =>
  errors.length > 0 ? [`**Failed:** ${errors.join("; ")}`, ""] : [];

/** The reviewer's summary of a preview's JSON (document or event stream). */
export function previewMarkdown(run: RunChanges): string {
  const { changes, unchanged } = run;
  const total = changes.length > 0 ? counts(changes) : "no changes";
  const lines = [
    `### Pulumi preview${stackLabel(run.stack)}: ${total} (${unchanged} unchanged)`,
    "",
  ];
  const replaced = changes.filter((c) => c.op === "replace");
  if (replaced.length > 0) {
    const list = replaced
      .map(
        (c) =>
          `${c.kind} \`${c.name}\`${c.replaceReasons.length ? ` (${c.replaceReasons.join(", ")})` : ""}`,
      )
      .join(", ");
    lines.push(
      `> **⚠ Replaces ${replaced.length} resource${replaced.length > 1 ? "s" : ""}**: deleted and created again, with what they hold (a topic's messages, a cluster's data): ${list}.`,
      "",
    );
  }
  lines.push(...violationLines(run.violations), ...errorLines(run.errors));
  if (changes.length === 0) return `${lines.join("\n").trimEnd()}\n`;
  lines.push("| Change | Resource | Kind | What changes |", "| --- | --- | --- | --- |");
  for (const c of [...changes].sort((a, b) => rank(a.op) - rank(b.op))) {
    const what = c.properties.map((p) => propertyLine(p, c.replaceReasons)).join("<br>");
    lines.push(`| ${c.op} | \`${c.name}\` | ${c.kind} | ${what} |`);
  }
  return `${lines.join("\n")}\n`;
}

/** The drift report of a refresh preview's events. */
export function driftMarkdown(run: RunChanges): string {
  const { changes, unchanged } = run;
  if (changes.length === 0 && run.errors.length > 0) {
    return `### The drift check${stackLabel(run.stack)} failed\n\n${errorLines(run.errors).join("\n")}`;
  }
  if (changes.length === 0) {
    return `### No drift${stackLabel(run.stack)}: ${unchanged} resources match Pulumi's state\n`;
  }
  const lines = [
    `### Drift${stackLabel(run.stack)}: ${changes.length} of ${changes.length + unchanged} resources changed outside Pulumi`,
    "",
    "| Resource | Kind | Property | Pulumi's state | Now |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const c of changes) {
    if (c.op === "delete") {
      lines.push(`| \`${c.name}\` | ${c.kind} | (the resource) | exists | gone |`);
      continue;
    }
    for (const p of c.properties) {
      lines.push(
        `| \`${c.name}\` | ${c.kind} | \`${p.path}\` | ${showValue(p.before)} | ${showValue(p.after)} |`,
      );
    }
  }
  lines.push(
    "",
    "To put back what the program declares: `pulumi up --refresh`. To keep a change, write it into the program.",
  );
  return `${lines.join("\n")}\n`;
}
