/**
 * The policy pack itself: `policy/index.js` (written by `npm run build`, shipped at the package's
 * `policy/`, beside its PulumiPolicy.yaml) requires this module, which serves every rule to the
 * engine. Running it starts the gRPC server the engine talks to; nothing else imports it.
 */
import { PolicyPack } from "@pulumi/policy";
import { readCatalog } from "./kinds";
import { toPolicies } from "./policies";

new PolicyPack("redpanda-cloud", {
  description:
    "Guardrails for Redpanda Cloud resources of pulumi-redpanda-cloud (both front doors): topics, ACLs, clusters, deletion protection, access.",
  policies: toPolicies(readCatalog()),
});
