/**
 * The changes a Pulumi run shows, read from its JSON: `pulumi preview --json` (one document whose
 * `steps` hold each resource's old and new state) or a stream of engine events, one JSON object a
 * line (`PULUMI_ENABLE_STREAMING_JSON_PREVIEW=1 pulumi refresh --preview-only --json`; the
 * document form of a refresh preview does not carry what the refresh read). Each change names the
 * resource, its kind and the properties that change with their values before and after. Secret
 * values arrive masked by the CLI and stay masked.
 */

/** A resource's state as the CLI's JSON shows it. */
interface StateJson {
  type?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** A step of a preview document, or the metadata of an engine event. */
interface StepJson {
  op?: string;
  urn?: string;
  type?: string;
  oldState?: StateJson;
  newState?: StateJson;
  old?: StateJson;
  new?: StateJson;
  replaceReasons?: string[];
  keys?: string[];
}

/** One property that changes; `before`/`after` undefined when unset. */
export interface PropertyChange {
  path: string;
  before: unknown;
  after: unknown;
}

export interface ResourceChange {
  /** create, update, replace, delete (and import, read, discard as the CLI names them). */
  op: string;
  urn: string;
  /** The logical name in the program. */
  name: string;
  /** `Topic` for this package's kinds (either front door), else the type token. */
  kind: string;
  properties: PropertyChange[];
  /** For a replacement: the properties the provider says force it. */
  replaceReasons: string[];
}

/** A policy violation the run reported (event streams carry them; a preview document does not). */
export interface PolicyViolation {
  policy: string;
  /** `mandatory` blocks the change; `advisory` warns. */
  level: string;
  /** The resource's logical name. */
  name: string;
  /** The policy's message: its description, then what is wrong and the fix. */
  message: string;
}

/** What the CLI's JSON holds: the changes, how many resources it left unchanged, and the stack. */
export interface RunChanges {
  changes: ResourceChange[];
  violations: PolicyViolation[];
  /** The run's error diagnostics, e.g. `preview failed`. */
  errors: string[];
  /** The user's resources that do not change (the stack and providers not counted). */
  unchanged: number;
  /** The stack's name, from the URNs ("" when there are none). */
  stack: string;
}

/** Ops that are a replacement, in the document or the event stream. */
const REPLACE_OPS = new Set([
  "replace",
  "create-replacement",
  "delete-replaced",
  "discard-replaced",
  "import-replacement",
]);
const NO_CHANGE_OPS = new Set(["same", "refresh"]);

/** Keys that are bookkeeping, not the user's properties: the dynamic shim, the kind marker, ids. */
const isBookkeepingKey = (key: string): boolean =>
  key.startsWith("__") || key === "_rpType" || key === "id";
const isBookkeepingType = (type: string): boolean =>
  type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:");

/** The CLI's mask of a secret value: `[secret]`, or the secret signature object. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
function isSecret(v: unknown): boolean {
  return v === "[secret]" || (typeof v === "object" && v !== null && SECRET_SIG in v);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !isSecret(v);
}

const childPath = (parent: string, key: string): string =>
  parent === ""
    ? key
    : /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
      ? `${parent}.${key}`
      : `${parent}["${key}"]`;

/** The properties that differ between two values, nested objects by key (`configs["retention.ms"]`). */
export function diffValues(before: unknown, after: unknown, path = ""): PropertyChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys
      .filter((k) => path !== "" || !isBookkeepingKey(k))
      .flatMap((k) => diffValues(before[k], after[k], childPath(path, k)));
  }
  if (isSecret(before) && isSecret(after)) return [];
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before, after }];
}

/** The kind: `_rpType` of a dynamic resource, the token's last part of a plugin resource. */
function kindOf(type: string, props: Record<string, unknown> | undefined): string {
  const marked = props?._rpType;
  if (typeof marked === "string") return marked;
  const token = /^[^:]+:index:(\w+)$/.exec(type);
  return token?.[1] ?? type;
}

function changeOf(step: StepJson, side: "inputs" | "outputs"): ResourceChange | undefined {
  const urn = step.urn ?? "";
  const oldState = step.oldState ?? step.old;
  const newState = step.newState ?? step.new;
  const type = step.type ?? newState?.type ?? oldState?.type ?? "";
  if (!urn || isBookkeepingType(type)) return undefined;
  const op = REPLACE_OPS.has(step.op ?? "") ? "replace" : (step.op ?? "");
  const before = oldState?.[side];
  const after = newState?.[side];
  const properties =
    op === "delete" || op === "create" ? [] : diffValues(before ?? {}, after ?? {});
  if (NO_CHANGE_OPS.has(op) && properties.length === 0) return undefined;
  return {
    op: NO_CHANGE_OPS.has(op) ? "update" : op,
    urn,
    name: urn.split("::").pop() ?? urn,
    kind: kindOf(type, after ?? before),
    properties,
    replaceReasons: step.replaceReasons ?? step.keys ?? [],
  };
}

interface EventJson {
  resOutputsEvent?: { metadata?: StepJson };
  resourcePreEvent?: { metadata?: StepJson };
  policyEvent?: {
    resourceUrn?: string;
    message?: string;
    policyName?: string;
    enforcementLevel?: string;
  };
  diagnosticEvent?: { message?: string; severity?: string };
}

/** What a run's JSON holds besides its changes. */
interface Reports {
  violations: PolicyViolation[];
  errors: string[];
}

function reportEvent(event: EventJson, reports: Reports): void {
  const policy = event.policyEvent;
  if (policy) {
    reports.violations.push({
      policy: policy.policyName ?? "",
      level: policy.enforcementLevel ?? "",
      name: policy.resourceUrn?.split("::").pop() ?? "",
      message: (policy.message ?? "").trim(),
    });
  }
  const diag = event.diagnosticEvent;
  if (diag?.severity === "error" && diag.message) reports.errors.push(diag.message.trim());
}

/** The events' steps: the last word on each resource (outputs events follow pre-events). */
function stepsOfEvents(lines: string[], reports: Reports): StepJson[] {
  const byUrn = new Map<string, StepJson>();
  for (const line of lines) {
    const event = JSON.parse(line) as EventJson;
    reportEvent(event, reports);
    const meta = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (!meta?.urn) continue;
    const seen = byUrn.get(meta.urn);
    // A replacement shows as several steps (delete-replaced, replace, create-replacement): keep it one.
    if (seen && REPLACE_OPS.has(seen.op ?? "") && !REPLACE_OPS.has(meta.op ?? "")) continue;
    byUrn.set(meta.urn, meta);
  }
  return [...byUrn.values()];
}

interface Steps extends Reports {
  steps: StepJson[];
  /** The CLI's own counts (a preview document's `changeSummary`): its steps omit what stays the same. */
  summary?: Record<string, number>;
}

/** The steps in the CLI's JSON: a preview document's `steps`, or those of an event stream. */
function stepsOf(text: string): Steps {
  const trimmed = text.trim();
  const reports: Reports = { violations: [], errors: [] };
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch {
    // Not one JSON value: a stream of events, one a line.
    const lines = trimmed.split("\n").filter((l) => l.trim() !== "");
    return { steps: stepsOfEvents(lines, reports), ...reports };
  }
  const doc = whole as {
    steps?: unknown;
    changeSummary?: Record<string, number>;
    diagnostics?: { message?: string; severity?: string }[];
  };
  if (!Array.isArray(doc.steps)) return { steps: stepsOfEvents([trimmed], reports), ...reports };
  for (const d of doc.diagnostics ?? []) {
    if (d.severity === "error" && d.message)
      reports.errors.push(d.message.replace(/^error: /, "").trim());
  }
  return { steps: doc.steps as StepJson[], summary: doc.changeSummary, ...reports };
}

const typeOf = (s: StepJson): string | undefined =>
  s.type ?? s.newState?.type ?? s.oldState?.type ?? s.new?.type ?? s.old?.type;

/**
 * The changes in the CLI's JSON `text`. `drift` compares outputs (what the refresh read against
 * what the state holds); otherwise inputs (what the program asks against what the state holds).
 */
export function readChanges(text: string, drift = false): RunChanges {
  const { steps, summary, violations, errors } = stepsOf(text);
  const bookkeeping = steps.filter((s) => isBookkeepingType(typeOf(s) ?? ""));
  const users = steps.filter((s) => typeOf(s) !== undefined && !bookkeeping.includes(s));
  const changes = users
    .map((s) => changeOf(s, drift ? "outputs" : "inputs"))
    .filter((c): c is ResourceChange => c !== undefined);
  const unchanged =
    summary !== undefined
      ? (summary.same ?? 0) - bookkeeping.filter((s) => s.op === "same").length
      : users.length - changes.length;
  const stack = steps[0]?.urn?.split("::")[0]?.split(":").slice(2).join(":") ?? "";
  return { changes, violations, errors, unchanged, stack };
}
