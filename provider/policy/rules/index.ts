/** Every rule of the policy pack, in the order docs/policy.md lists them. */
import type { Rule } from "../rule";
import { orgAdminBinding, userScram512 } from "./access";
import { aclAllForEveryone, aclAllOnAnyResource } from "./acl";
import { clusterPrivate, clusterRegions, clusterTiers } from "./cluster";
import { deletionProtection } from "./deletion";
import { topicCleanupPolicy, topicPartitions, topicReplication, topicRetention } from "./topic";

export const RULES: readonly Rule<object>[] = [
  topicReplication,
  topicRetention,
  topicCleanupPolicy,
  topicPartitions,
  aclAllForEveryone,
  aclAllOnAnyResource,
  clusterPrivate,
  clusterTiers,
  clusterRegions,
  deletionProtection,
  orgAdminBinding,
  userScram512,
];
