/**
 * Deletion protection in the stacks named in config: a resource that holds data (a kind that
 * declares `allowDeletion`) may not allow its deletion, neither on itself nor stack-wide. Through
 * the plugin the stack-wide opt-out is the provider's `allowDeletion` (stack config
 * `redpandacloud:allowDeletion`), which the engine shows with each resource. Through the dynamic
 * providers it is `redpanda:allowDeletion`, which a policy pack cannot read (the engine gives the
 * pack the stack's config only in a call @pulumi/policy ignores); its effect is visible instead:
 * the resource classes mark a resource that holds data `protect` unless its deletion is allowed,
 * so an unprotected one is allowed to go (README, "Safe deletion").
 */
import type { Finding, Rule, Subject } from "../rule";
import { inStacks, read } from "../rule";
import { PRODUCTION_STACKS } from "./cluster";

const isTrue = (v: unknown): boolean => v === true || v === "true";

function deletionFindings(t: Subject): Finding[] {
  if (isTrue(read(t.props, "allowDeletion"))) {
    return [
      {
        property: "allowDeletion",
        value: true,
        problem: "its deletion is allowed in a protected stack",
        fix: "remove allowDeletion (deleting it in this stack takes a change to the policy config)",
      },
    ];
  }
  if (t.door === "plugin") {
    if (!isTrue(read(t.provider, "allowDeletion"))) return [];
    return [
      {
        property: "the provider's allowDeletion",
        value: true,
        problem: "every resource that holds data may be deleted in a protected stack",
        fix: "`pulumi config rm redpandacloud:allowDeletion` (or drop allowDeletion from the explicit provider)",
      },
    ];
  }
  if (t.protect) return [];
  return [
    {
      property: "protect",
      value: false,
      problem:
        "it may be deleted in a protected stack (the stack sets redpanda:allowDeletion, or the program passes protect: false)",
      fix: "`pulumi config rm redpanda:allowDeletion`, and no `protect: false` on the resource",
    },
  ];
}

export const deletionProtection: Rule<{ stacks: string[] }> = {
  name: "deletion-protection",
  description:
    'In the stacks named in `stacks` (default "prod", "production"), resources that hold data ' +
    "(clusters, serverless clusters, topics, schemas, shadow links) keep their deletion guard: no " +
    "`allowDeletion` on the resource or stack-wide.",
  enforcementLevel: "mandatory",
  kinds: "data",
  reads: ["allowDeletion"],
  config: {
    stacks: {
      type: "array",
      items: { type: "string" },
      default: PRODUCTION_STACKS,
      description: 'The stacks this rule applies to ("*": every stack).',
    },
  },
  check(t, c) {
    if (!inStacks(c.stacks, t.stack)) return [];
    return deletionFindings(t);
  },
};
