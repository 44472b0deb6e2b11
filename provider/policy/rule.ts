/**
 * What one rule of the policy pack is, apart from the policy framework: the kinds it applies to,
 * the inputs it reads, its default enforcement level, its thresholds (Pulumi's policy config file
 * sets them), and a check that returns findings. policies.ts turns each into a CrossGuard policy.
 */
import type { EnforcementLevel } from "@pulumi/policy";
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";

/** One thing wrong with one resource. */
export interface Finding {
  /** The input at fault, as a program writes it (`configs["retention.ms"]`, `scope.resourceType`). */
  property: string;
  /** Its value (shown as JSON); undefined when unset. */
  value: unknown;
  /** For an unset input, what unset means, e.g. `the API's default, CONNECTION_TYPE_PUBLIC`. */
  unsetMeans?: string;
  /** What is wrong, e.g. `below the minimum 3`. */
  problem: string;
  /** How to fix it, e.g. `set replicationFactor to 3 or more (a change replaces the topic)`. */
  fix: string;
}

/** The resource a rule checks, the same through both front doors. */
export interface Subject {
  /** The kind name, e.g. `Topic`. */
  kind: string;
  /** The front door: the provider plugin (`redpandacloud:index:Topic`) or a dynamic provider. */
  door: "plugin" | "dynamic";
  /** The resource's logical name in the program. */
  name: string;
  urn: string;
  /** The stack's name, from the URN. */
  stack: string;
  /** Its inputs; read them with `read` (a value still unknown at preview reads as UNKNOWN). */
  props: Record<string, unknown>;
  /** The engine's `protect` option. */
  protect: boolean;
  /** The inputs of its provider resource (the plugin's config), when the engine passes them. */
  provider?: Record<string, unknown>;
}

/** Config every rule takes besides its own thresholds. */
export interface Waivers {
  /** Resources this rule skips: URNs or logical names. */
  excludedResources: string[];
}

export interface Rule<C extends object = Record<string, unknown>> {
  name: string;
  description: string;
  enforcementLevel: EnforcementLevel;
  /** The kinds it checks, by name. */
  kinds: readonly string[] | "data";
  /** The inputs it reads (checked against the package's declaration when the pack loads). */
  reads: readonly string[];
  /** Its thresholds, as JSON schema properties with their defaults. */
  config: Record<keyof C & string, PolicyConfigJSONSchema>;
  check(subject: Subject, config: C & Waivers): Finding[];
}

/**
 * What `read` gives for a value not known yet. At preview an input computed from another
 * resource's output is unknown; the engine analyses the resource again at `up`, with the value,
 * before the resource is created or changed, so a rule that skips it now runs then.
 */
export const UNKNOWN: unique symbol = Symbol("unknown at preview");

/**
 * What @pulumi/policy's inputs proxy throws on reading a value not known yet. Its class is not in
 * the package's type declarations, and importing it from the package's index would load the
 * framework's gRPC server with it, so it is known by its name.
 */
function isUnknownValueError(err: unknown): boolean {
  return err instanceof Error && err.constructor.name === "UnknownValueError";
}

/** A value inside the inputs: undefined when unset, UNKNOWN when not known yet. */
export function read(props: unknown, ...path: (string | number)[]): unknown {
  let value: unknown = props;
  try {
    for (const key of path) {
      if (value === null || typeof value !== "object") return undefined;
      value = (value as Record<string | number, unknown>)[key];
    }
    return value;
  } catch (err) {
    if (isUnknownValueError(err)) return UNKNOWN;
    throw err;
  }
}

/** The stack name in a URN (`urn:pulumi:<stack>::<project>::<type>::<name>`). */
export function stackOf(urn: string): string {
  return urn.split("::")[0]?.split(":").slice(2).join(":") ?? "";
}

/** Whether `stacks` (a config list, `*` for every stack) names this stack. */
export function inStacks(stacks: readonly string[], stack: string): boolean {
  return stacks.includes("*") || stacks.includes(stack);
}

function show(f: Finding): string {
  if (f.value !== undefined) return JSON.stringify(f.value);
  return f.unsetMeans ? `unset (${f.unsetMeans})` : "unset";
}

/** The violation's text: the resource, the property, its value, what is wrong, the fix, the waiver. */
export function message(rule: string, s: Subject, f: Finding): string {
  return (
    `${s.kind} "${s.name}": ${f.property} is ${show(f)}, ${f.problem}. Fix: ${f.fix}. ` +
    `To waive it for this resource, list "${s.name}" in excludedResources of ${rule} (policy config).`
  );
}
