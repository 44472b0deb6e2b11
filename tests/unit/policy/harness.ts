/**
 * Runs the pack's policies as the engine's policy framework would: a resource's type, inputs, URN,
 * options and provider, with the policy config file's values (tests of provider/policy/).
 */
import type { ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { readCatalog } from "../../../provider/policy/kinds";
import { toPolicies } from "../../../provider/policy/policies";

export const CATALOG = readCatalog();
export const POLICIES = toPolicies(CATALOG);

export interface Resource {
  /** Kind name; the front door decides the type token. */
  kind: string;
  name: string;
  props: Record<string, unknown>;
  door?: "plugin" | "dynamic";
  stack?: string;
  protect?: boolean;
  provider?: Record<string, unknown>;
}

export interface Violation {
  policy: string;
  message: string;
}

const typeOf = (r: Resource): string =>
  r.door === "plugin"
    ? `redpandacloud:index:${r.kind}`
    : `pulumi-nodejs:dynamic/redpanda:${r.kind}`;

export const urnOf = (r: Resource): string =>
  `urn:pulumi:${r.stack ?? "dev"}::proj::${typeOf(r)}::${r.name}`;

function argsOf(
  r: Resource,
  config: Record<string, object>,
  policy: string,
): ResourceValidationArgs {
  const props = r.door === "plugin" ? r.props : { _rpType: r.kind, ...r.props };
  return {
    type: typeOf(r),
    props,
    urn: urnOf(r),
    name: r.name,
    opts: {
      protect: r.protect ?? false,
      ignoreChanges: [],
      aliases: [],
      customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
      additionalSecretOutputs: [],
    },
    provider: r.provider
      ? { type: "pulumi:providers:redpandacloud", props: r.provider, urn: "urn:p", name: "default" }
      : undefined,
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => (config[policy] ?? {}) as T,
    notApplicable: () => {
      throw new Error("notApplicable");
    },
  };
}

async function run(
  policy: ResourceValidationPolicy,
  r: Resource,
  config: Record<string, object>,
): Promise<Violation[]> {
  const found: Violation[] = [];
  const validations = [policy.validateResource ?? []].flat();
  for (const validate of validations) {
    await validate(argsOf(r, config, policy.name), (message) =>
      found.push({ policy: policy.name, message }),
    );
  }
  return found;
}

/** Every violation every policy reports for `r`, with the policy config file `config`. */
export async function violations(
  r: Resource,
  config: Record<string, object> = {},
): Promise<Violation[]> {
  const all = await Promise.all(POLICIES.map((p) => run(p, r, config)));
  return all.flat();
}

/** The names of the policies that report `r`. */
export async function failing(r: Resource, config: Record<string, object> = {}): Promise<string[]> {
  return [...new Set((await violations(r, config)).map((v) => v.policy))].sort();
}
