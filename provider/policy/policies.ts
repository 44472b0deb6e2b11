/**
 * The rules as CrossGuard policies: each one filters the resources the engine shows it to the
 * package's kinds it checks (either front door, kinds.ts), reads its config over its defaults, skips
 * the resources its config waives, and reports each finding as a violation naming the resource.
 */
import type { ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";
import type { KindCatalog } from "./kinds";
import { dataKinds, kindOf } from "./kinds";
import type { Rule, Subject, Waivers } from "./rule";
import { message, stackOf } from "./rule";
import { RULES } from "./rules";

const WAIVER_SCHEMA = {
  type: "array" as const,
  items: { type: "string" as const },
  default: [] as string[],
  description: "Resources this rule skips: their URNs or logical names.",
};

/** The kinds a rule checks, each declared by the package with every input the rule reads. */
export function kindsOf(rule: Rule<object>, catalog: KindCatalog): string[] {
  const kinds = rule.kinds === "data" ? dataKinds(catalog) : [...rule.kinds];
  for (const kind of kinds) {
    if (!catalog.inputs.has(kind)) {
      throw new Error(`policy ${rule.name}: the package declares no kind ${kind}`);
    }
  }
  for (const input of rule.reads) {
    if (!kinds.some((k) => catalog.inputs.get(k)?.has(input))) {
      throw new Error(`policy ${rule.name}: none of ${kinds.join(", ")} declares ${input}`);
    }
  }
  return kinds;
}

/** The rule's config: the file's values over the schema's defaults. */
export function configOf(rule: Rule<object>, given: object): object & Waivers {
  const schemas: Record<string, PolicyConfigJSONSchema> = rule.config;
  const defaults = Object.fromEntries(
    Object.entries(schemas)
      .filter(([, schema]) => schema.default !== undefined)
      .map(([key, schema]) => [key, schema.default]),
  );
  return { excludedResources: [], ...defaults, ...given } as object & Waivers;
}

function subjectOf(args: ResourceValidationArgs, kind: string, pluginPrefix: string): Subject {
  return {
    kind,
    door: args.type.startsWith(pluginPrefix) ? "plugin" : "dynamic",
    name: args.name,
    urn: args.urn,
    stack: stackOf(args.urn),
    props: args.props,
    protect: args.opts.protect,
    provider: args.provider?.props,
  };
}

export function toPolicy(rule: Rule<object>, catalog: KindCatalog): ResourceValidationPolicy {
  const kinds = new Set(kindsOf(rule, catalog));
  const pluginPrefix = `${catalog.packageName}:index:`;
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.enforcementLevel,
    configSchema: { properties: { ...rule.config, excludedResources: WAIVER_SCHEMA } },
    validateResource: (args, reportViolation) => {
      const kind = kindOf(catalog, args.type, args.props);
      if (!kind || !kinds.has(kind)) return;
      const config = configOf(rule, args.getConfig<object>());
      if (config.excludedResources.some((w) => w === args.urn || w === args.name)) return;
      const subject = subjectOf(args, kind, pluginPrefix);
      for (const finding of rule.check(subject, config)) {
        reportViolation(message(rule.name, subject, finding));
      }
    },
  };
}

/** Every rule of the pack as a policy. */
export function toPolicies(catalog: KindCatalog): ResourceValidationPolicy[] {
  return RULES.map((rule) => toPolicy(rule, catalog));
}
