/**
 * The lifecycle rules, once, for every resource:
 * - check validates with zod before any API call, skips values still unknown at preview, and names
 *   the property in each failure; it refuses settings that do not resolve, and a cluster address
 *   that would carry credentials over plain HTTP (plain-http-check.ts);
 * - diff says update or replace per field, compares only declared inputs (never `__provider` or
 *   timeouts; an optional input left unset keeps the current value; a field may declare values the
 *   API holds as the same, as a schema's rewritten text) and the inputs the check derives from them
 *   (a transform module's hash), and always answers a boolean;
 * - read of a missing resource drops it; delete of a missing resource succeeds;
 * - a kind that holds data (declares `allowDeletion`) is never deleted or replaced unless allowed
 *   (runtime/deletion.ts): diff refuses the replacement, delete refuses before any API call;
 * - a create that fails after the API accepted it — or whose wait Ctrl-C interrupted — rejects with
 *   ResourceInitFailed (the id and what is known), so Pulumi keeps the resource (with `__provider`)
 *   instead of orphaning it, and the next `up` sends an Update that resumes waiting for it.
 * Every method takes the call's context (context.ts) as its last argument and hands it on to the
 * kind's operations.
 * Each kind's inputs and change rules are declared once (provider/kinds/); its spec here adds only
 * its API calls.
 */
import * as z from "zod";
import { normalizeApiUrl } from "../transport/endpoint";
import { Interrupted, RedpandaError, ResourceInitFailed, isNotFound } from "../errors";
import type { Fields, InputsOf, Kind } from "../declare/declare";
import { decodeState } from "../declare/state";
import { addressKeyOf, clusterVerdict, noAnswer } from "./cluster-gone";
import type { ClusterFinder } from "./find-cluster";
import { closestName } from "./closest";
import type { CallContext } from "./context";
import { describeIssue } from "./issues";
import { settingsAndAddressFailures } from "./plain-http-check";
import { withRecordedSettingsNote } from "./report";
import {
  ALLOW_KEY,
  allowanceChanged,
  deleteRefused,
  deletionAllowed,
  replaceRefused,
} from "./deletion";
import { PROVIDER_KEY, TYPE_KEY } from "./shim";

/**
 * Marks the partial state of a create that did not finish (ResourceInitFailed): the engine sends
 * an Update for such a resource at the next `up`, and that Update must resume it — wait for it and
 * read it — even where no input changed. The update's outputs do not carry it.
 */
export const INIT_KEY = "_rpInitFailed";

/** What `pulumi.runtime.unknownValue` serializes to during previews. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export type Props = Record<string, unknown>;

export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (value && typeof value === "object") return Object.values(value).some(isUnknown);
  return false;
}

/** Thrown by a spec's create once the API has accepted the resource: it must not be orphaned. */
export class CreatedButFailed extends RedpandaError {
  override readonly name = "CreatedButFailed";
  constructor(
    readonly id: string,
    readonly outputs: Props,
    cause: Error,
  ) {
    super(cause.message, { cause });
  }
}

export interface ResourceSpec<F extends Fields, O extends Props, I = InputsOf<F>> {
  /** The kind's one declaration: inputs, check, what each change does, outputs, timeouts. */
  kind: Kind<F>;
  /**
   * Delete the old resource before creating its replacement: required for natural keys (topic
   * and user names, ACL tuples) and one-cluster-per-network rules.
   */
  deleteBeforeReplace?: boolean;
  /** Extra replace rules that depend on values (a topic's partition count may only grow). */
  replaceWhen?: (olds: O, news: I) => string[];
  /** Human id for messages: `topic orders`. */
  label: (inputs: I) => string;
  create(inputs: I, ctx: CallContext): Promise<{ id: string; outs: O }>;
  /** Current outputs, or undefined when the resource no longer exists. */
  read(id: string, props: O, ctx: CallContext): Promise<O | undefined>;
  update(id: string, olds: O, news: I, ctx: CallContext): Promise<O>;
  delete(id: string, props: O, ctx: CallContext): Promise<void>;
  /** The inputs that would reproduce the live outputs (refresh shows drift against them). */
  inputsOf?: (outs: O) => Partial<I>;
  /**
   * Read-only checks against the API at preview, once the inputs show no other problem (e.g. a
   * region or zones the catalogue does not offer, a pipeline's lint hints). Only requests that
   * change nothing — GETs, and the pipeline lint's POST, whose answer is its hints: a preview never
   * writes. `known(key)` says whether an input's value is known yet (at a first
   * preview, ids of resources still to be created are not): a check reads only known inputs. If
   * the API cannot be reached the check is skipped; the API itself refuses the create later.
   */
  preflight?: (
    inputs: I,
    olds: Props,
    known: (key: keyof I & string) => boolean,
    ctx: CallContext,
  ) => Promise<CheckFailure[]>;
  /**
   * Whether stored outputs show a resource the API gave up on (`STATE_FAILED`). The next `up`
   * replaces it, deleting it first (it may hold a name or a CIDR), as a tainted resource would be.
   */
  failed?: (outs: O) => boolean;
}

/**
 * The `failed` rule of the resources the API runs through long-running states (network, cluster,
 * serverless cluster): the API gave up on it.
 */
export const stateFailed = (outs: { state?: unknown }): boolean => outs.state === "STATE_FAILED";

/** Plain JSON only: the engine's protobuf Struct rejects undefined (pulumi#2205). */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Inputs as the user declared them: without the shim text and the type marker. */
function withoutProvider(p: Props): Props {
  return Object.fromEntries(
    Object.entries(p).filter(([k]) => k !== PROVIDER_KEY && k !== TYPE_KEY),
  );
}

export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * A write-only input (a password) cannot be read back, so an imported resource goes without it
 * and keeps the server's value; a new resource (no old inputs) needs it.
 */
function missingWriteOnly(kind: Kind, olds: Props, raw: Props): CheckFailure[] {
  if (kind.writeOnly.length === 0 || Object.keys(withoutProvider(olds)).length > 0) return [];
  return kind.writeOnly
    .filter((key) => raw[key] === undefined)
    .map((key) => ({
      property: key,
      reason: `${kind.type} ${key} is required to create one (an imported ${kind.type} may leave it out: it keeps the value it has)`,
    }));
}

/** Each kind's diff keys, worked out once (diff and check run once per resource and run). */
const diffKeysByKind = new WeakMap<Kind, string[]>();

/**
 * The inputs diff compares: `allowDeletion` is compared on its own (it never reaches the API); the
 * kind's derived inputs (a module's hash) are compared as inputs.
 */
function diffKeysOf(kind: Kind): string[] {
  let keys = diffKeysByKind.get(kind);
  if (!keys) {
    const ignored = new Set<string>([...kind.ignore, ALLOW_KEY]);
    keys = Object.keys(kind.inputs.shape)
      .filter((k) => !ignored.has(k))
      .concat(Object.keys(kind.derived?.from ?? {}));
    diffKeysByKind.set(kind, keys);
  }
  return keys;
}

/**
 * Check: the kind's derived inputs (declare.ts `derived`) from the parsed inputs, or what stopped
 * them (a file gone since the schema read it).
 */
function derivedOf(kind: Kind, data: Props): { values: Props; failures: CheckFailure[] } {
  if (!kind.derived) return { values: {}, failures: [] };
  try {
    return { values: kind.derived.of(data), failures: [] };
  } catch (err) {
    const property = Object.values(kind.derived.from)[0] ?? "";
    return {
      values: {},
      failures: [{ property, reason: `${kind.type} ${(err as Error).message}` }],
    };
  }
}

/** Check at preview: a derived input whose source is still unknown is unknown too. */
function unknownDerived(kind: Kind, raw: Props): Props {
  return Object.fromEntries(
    Object.entries(kind.derived?.from ?? {})
      .filter(([, source]) => isUnknown(raw[source]))
      .map(([key]) => [key, UNKNOWN]),
  );
}

/**
 * Declared inputs whose change reaches the API. An optional input left unset has no opinion. Also
 * the provider plugin's detailed diff: the same rule, once.
 */
export function changedInputsOf(kind: Kind, olds: Props, news: Props): string[] {
  return diffKeysOf(kind).filter(
    (k) =>
      news[k] !== undefined && (isUnknown(news[k]) || !kind.sameValue(k, olds[k], news[k], news)),
  );
}

/** One kind as its provider serves it: its spec, its input keys, and what this process allowed. */
interface Served<F extends Fields, O extends Props> {
  spec: ResourceSpec<F, O>;
  kind: Kind<F>;
  inputKeys: string[];
  /** Whether the kind holds data (declares `allowDeletion`): its delete and replace are guarded. */
  guarded: boolean;
  /** Ids whose replacement this process's diff allowed: their delete reads the old outputs. */
  replaceAllowed: Set<string>;
  /** The cluster finder: whether a silent data plane's cluster is gone (cluster-gone.ts). */
  findCluster?: ClusterFinder;
}

function served<F extends Fields, O extends Props>(
  spec: ResourceSpec<F, O>,
  findCluster?: ClusterFinder,
): Served<F, O> {
  const { kind } = spec;
  // Diff compares the keys of the object schema: a schema that is not one (a `.transform()`
  // wraps it) would have no keys and every diff would say "no changes". Refuse it at load.
  if (!(kind.inputs instanceof z.ZodObject)) {
    throw new RedpandaError(`${kind.type}: its inputs must be an object schema`);
  }
  const inputKeys = Object.keys(kind.inputs.shape);
  return {
    spec,
    kind,
    inputKeys,
    guarded: ALLOW_KEY in kind.inputs.shape,
    replaceAllowed: new Set(),
    findCluster,
  };
}

/** A stored state of the kind, decoded by its declaration (declare/state.ts). */
function stored<F extends Fields, O extends Props>(s: Served<F, O>, props: Props): O {
  return decodeState<F, O>(s.kind, props).state;
}

function labelOf<F extends Fields, O extends Props>(
  s: Served<F, O>,
  props: Props,
  id: string,
): string {
  try {
    return s.spec.label(props as InputsOf<F>);
  } catch {
    return `${s.kind.type} ${id}`;
  }
}

/** Check: inputs that are not declared, then the schema's refusals, each named by its property. */
function inputFailures<F extends Fields, O extends Props>(
  s: Served<F, O>,
  raw: Props,
  issues: readonly z.ZodIssue[],
  unknownKeys: Set<string>,
): CheckFailure[] {
  const { kind, inputKeys } = s;
  // zod drops keys the schema does not declare: a misspelt or unsupported input would vanish
  // from state and from the wire without a word. Refused by name, known value or not.
  const undeclared = Object.keys(raw)
    .filter((k) => !inputKeys.includes(k) && raw[k] !== undefined)
    .map((property) => {
      const near = closestName(property, inputKeys);
      const hint = near ? `; did you mean "${near}"?` : "";
      return { property, reason: `${kind.type} has no input "${property}"${hint}` };
    });
  if (issues.length === 0) return undeclared;
  const secrets = new Set(kind.secrets);
  return undeclared.concat(
    issues
      .filter((issue) => !unknownKeys.has(String(issue.path[0])))
      .map((issue) => {
        const property = String(issue.path[0] ?? "");
        const secret = secrets.has(property);
        const { text, named } = describeIssue(issue, raw);
        const where =
          !named && (issue.path.length > 1 || secret) ? `${issue.path.join(".")}: ` : "";
        return { property: secret ? "" : property, reason: `${kind.type} ${where}${text}` };
      }),
  );
}

/** Check: validated inputs, or what is wrong with them, before any API call. */
async function check<F extends Fields, O extends Props>(
  s: Served<F, O>,
  olds: Props,
  news: Props,
  ctx: CallContext,
): Promise<{ inputs: Props; failures: CheckFailure[] }> {
  type I = InputsOf<F>;
  const raw = withoutProvider(news);
  const unknownKeys = new Set(Object.keys(raw).filter((k) => isUnknown(raw[k])));
  const result = s.kind.inputs.safeParse(raw);
  const failures = inputFailures(s, raw, result.success ? [] : result.error.issues, unknownKeys);
  failures.push(...missingWriteOnly(s.kind, olds, raw));
  failures.push(...settingsAndAddressFailures(s.kind, s.inputKeys, raw, ctx));
  if (failures.length > 0) return { inputs: news, failures };
  // Unknown values fail the schema (an unknown id is not an id yet); with only those, the
  // declared values are still checked against the API, skipping whatever is unknown.
  const data = result.success ? result.data : (raw as I);
  const known = (key: keyof I & string) => !isUnknown(raw[key]);
  const preflight = s.spec.preflight
    ? await s.spec.preflight(data, withoutProvider(olds), known, ctx).catch(() => [])
    : [];
  if (!result.success) {
    return { inputs: { ...news, ...unknownDerived(s.kind, raw) }, failures: preflight };
  }
  const derived = derivedOf(s.kind, result.data);
  const inputs = {
    ...plain(result.data),
    ...derived.values,
    [TYPE_KEY]: news[TYPE_KEY],
    [PROVIDER_KEY]: news[PROVIDER_KEY],
  };
  return { inputs, failures: [...derived.failures, ...preflight] };
}

/**
 * Diff: refuses a replacement of a guarded kind unless the program or the stack allows it. A
 * preview that replaces only for values still unknown (a cluster being updated leaves its URLs
 * unknown until `up`) is not refused: `up` diffs again with the values known, before any delete.
 */
function guardReplace<F extends Fields, O extends Props>(
  s: Served<F, O>,
  id: string,
  olds: Props,
  news: Props,
  replaces: string[],
  ctx: CallContext,
): void {
  if (!s.guarded) return;
  const certain = replaces.filter((k) => !isUnknown(news[k]));
  if (certain.length === 0) return;
  if (!deletionAllowed(news, ctx)) throw replaceRefused(labelOf(s, olds, id), certain);
  s.replaceAllowed.add(id);
}

/** Diff: update, replace (which inputs), or no change. */
async function diff<F extends Fields, O extends Props>(
  s: Served<F, O>,
  id: string,
  olds: Props,
  news: Props,
  ctx: CallContext,
) {
  const { spec, kind } = s;
  if (spec.failed?.(stored(s, olds))) {
    guardReplace(s, id, olds, news, ["state"], ctx);
    return { changes: true, replaces: ["state"], deleteBeforeReplace: true };
  }
  // An optional input left unset has no opinion: a server default must not read as drift.
  const changed = changedInputsOf(kind, olds, news);
  if (changed.length === 0) {
    // `allowDeletion` alone: an update that only records it (the provider's delete reads it
    // from the stored outputs); undefined (state from before the guard) reads as false.
    return s.guarded && allowanceChanged(olds, news)
      ? { changes: true, replaces: [] }
      : { changes: false };
  }
  const replaceKeys = new Set<string>(kind.replaceOn);
  const replaces = changed.filter((k) => replaceKeys.has(k));
  if (spec.replaceWhen && !diffKeysOf(kind).some((k) => isUnknown(news[k]))) {
    // Inputs reach diff after check; should they not parse, check has said why already.
    const parsed = kind.inputs.safeParse(withoutProvider(news));
    const current = parsed.success ? parsed.data : (withoutProvider(news) as InputsOf<F>);
    for (const k of spec.replaceWhen(stored(s, olds), current))
      if (!replaces.includes(k)) replaces.push(k);
  }
  if (replaces.length > 0) guardReplace(s, id, olds, news, replaces, ctx);
  return {
    changes: true,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && spec.deleteBeforeReplace === true,
  };
}

/**
 * Create: the spec's create with the parsed inputs. Once the API holds the resource, a failure
 * hands Pulumi its id so the next `up` resumes or replaces it.
 */
async function create<F extends Fields, O extends Props>(
  s: Served<F, O>,
  news: Props,
  ctx: CallContext,
) {
  const inputs = s.kind.inputs.parse(withoutProvider(news));
  try {
    const { id, outs } = await s.spec.create(inputs, ctx);
    return { id, outs: plain({ ...news, ...outs }) };
  } catch (err) {
    if (!(err instanceof CreatedButFailed)) throw err;
    const label = s.spec.label(inputs);
    // The engine shows `reasons`, not `message`: both carry the whole story.
    const message =
      err.cause instanceof Interrupted
        ? `${label} was created as ${err.id}; the wait for it was interrupted (Ctrl-C) before it became ready. ` +
          `It is recorded in the stack: run \`pulumi up\` again to resume waiting for the same ${s.kind.type} (nothing is created twice), or \`pulumi destroy\` to delete it.`
        : `${label} was created as ${err.id} but did not become ready: ${err.message}`;
    throw new ResourceInitFailed(
      message,
      err.id,
      plain({ ...news, ...err.outputs, [INIT_KEY]: true, [PROVIDER_KEY]: news[PROVIDER_KEY] }),
      { cause: err.cause },
    );
  }
}

/**
 * Read: the inputs a refresh stores are the declared inputs (from the stored outputs, which carry
 * them) with what the read found live. Only the kind's input keys: an output-only field stored as
 * an input (the id, a cluster's state) differs from what the program registers, and the engine then
 * rewrites the whole checkpoint for each such resource on the next `up` — quadratic in the stack's
 * size (107 s more for a no-change `up` of 2,000 resources after a refresh).
 */
function liveInputsOf<F extends Fields, O extends Props>(
  s: Served<F, O>,
  props: Props,
  live: Props,
): Props {
  const values: Props = { ...props, ...live };
  return {
    ...Object.fromEntries(
      s.inputKeys.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
    ),
    [TYPE_KEY]: props[TYPE_KEY],
    [PROVIDER_KEY]: props[PROVIDER_KEY],
  };
}

/**
 * Read and delete: a data-plane resource whose data plane did not answer. True when the control
 * plane says its cluster is gone (the resource goes with it); otherwise the failure is rethrown,
 * saying what the control plane answered and that the resource stays (see cluster-gone.ts).
 */
async function clusterIsGone<F extends Fields, O extends Props>(
  s: Served<F, O>,
  id: string,
  props: Props,
  err: unknown,
  outcome: string,
  ctx: CallContext,
): Promise<boolean> {
  const key = addressKeyOf(s.inputKeys);
  const address = key === undefined ? undefined : props[key];
  if (typeof address !== "string" || !noAnswer(err)) return false;
  const verdict = await clusterVerdict(address, s.findCluster, () => ctx.clients);
  if (verdict.gone) {
    ctx.log(`${s.kind.type} ${id}: its data plane did not answer and ${verdict.why}; ${outcome}`);
    return true;
  }
  throw new RedpandaError(
    `${s.kind.type} ${id}: the data plane at ${normalizeApiUrl(address)} did not answer, and ${verdict.why}, ` +
      "so the resource stays in the stack. Check the network and the cluster, then run again.\n" +
      (err as Error).message,
    { cause: err },
  );
}

/** Read: the live outputs; a resource that no longer exists leaves the stack. */
async function read<F extends Fields, O extends Props>(
  s: Served<F, O>,
  id: string,
  props: Props,
  ctx: CallContext,
) {
  try {
    const outs = await s.spec.read(id, stored(s, props), ctx);
    if (outs === undefined) {
      ctx.log(`${s.kind.type} ${id} no longer exists; removing it from the stack`);
      return {};
    }
    const merged = plain({ ...props, ...outs, [PROVIDER_KEY]: props[PROVIDER_KEY] });
    if (!s.spec.inputsOf) return { id, props: merged };
    return { id, props: merged, inputs: plain(liveInputsOf(s, props, s.spec.inputsOf(outs))) };
  } catch (err) {
    if (isNotFound(err)) return {};
    if (await clusterIsGone(s, id, props, err, "removing it from the stack", ctx)) return {};
    throw withRecordedSettingsNote(err, "refresh");
  }
}

/** Update: the spec's update; a change of `allowDeletion` alone is recorded without a call. */
async function update<F extends Fields, O extends Props>(
  s: Served<F, O>,
  id: string,
  olds: Props,
  news: Props,
  ctx: CallContext,
) {
  const resuming = olds[INIT_KEY] === true;
  if (s.guarded && !resuming && changedInputsOf(s.kind, olds, news).length === 0) {
    // Only `allowDeletion` changed (see diff): record it, call nothing.
    return {
      outs: plain({ ...olds, [ALLOW_KEY]: news[ALLOW_KEY], [PROVIDER_KEY]: news[PROVIDER_KEY] }),
    };
  }
  const outs = await s.spec.update(
    id,
    stored(s, olds),
    s.kind.inputs.parse(withoutProvider(news)),
    ctx,
  );
  const merged: Props = { ...news, ...outs };
  if (s.guarded) merged[ALLOW_KEY] = news[ALLOW_KEY];
  return { outs: plain(merged) };
}

/** Delete: refused for a guarded kind unless allowed; a resource already gone is deleted. */
async function remove<F extends Fields, O extends Props>(
  s: Served<F, O>,
  id: string,
  props: Props,
  ctx: CallContext,
): Promise<void> {
  if (s.guarded && !deletionAllowed(props, ctx) && !s.replaceAllowed.has(id)) {
    throw deleteRefused(labelOf(s, props, id), id);
  }
  try {
    await s.spec.delete(id, stored(s, props), ctx);
  } catch (err) {
    if (isNotFound(err)) return;
    if (await clusterIsGone(s, id, props, err, "nothing is left to delete", ctx)) return;
    throw withRecordedSettingsNote(err, "destroy");
  }
}

/**
 * The provider of one kind, the same for both front doors (the dynamic providers' runtime/dispatch.ts
 * and the plugin): the lifecycle rules above applied to its spec. `findCluster` (the one cluster
 * finder, given by the registry) answers whether a data-plane resource's silent cluster is gone;
 * without it such a resource always stays.
 */
export function makeProvider<F extends Fields, O extends Props>(
  spec: ResourceSpec<F, O>,
  findCluster?: ClusterFinder,
) {
  const s = served(spec, findCluster);
  return {
    check: (olds: Props, news: Props, ctx: CallContext) => check(s, olds, news, ctx),
    diff: (id: string, olds: Props, news: Props, ctx: CallContext) => diff(s, id, olds, news, ctx),
    create: (news: Props, ctx: CallContext) => create(s, news, ctx),
    read: (id: string, props: Props, ctx: CallContext) => read(s, id, props, ctx),
    update: (id: string, olds: Props, news: Props, ctx: CallContext) =>
      update(s, id, olds, news, ctx),
    delete: (id: string, props: Props, ctx: CallContext) => remove(s, id, props, ctx),
  };
}

export type Provider = ReturnType<typeof makeProvider>;
