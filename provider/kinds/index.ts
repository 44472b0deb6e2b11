/**
 * Every resource kind's declaration, keyed by the file name it has in every layer:
 * kinds/<file>.ts (what it is), runtime/specs/<file>.ts (its API calls), resources/<file>.ts (the
 * generated class), client/<file>.ts (its wire shapes), emulator/routes/<file>.ts (the stand-in).
 */
import type { Kind } from "./declare";
import { aclKind } from "./acl";
import { clusterKind } from "./cluster";
import { connectorKind } from "./connector";
import { connectorSecretKind } from "./connector-secret";
import { groupKind } from "./group";
import { networkKind } from "./network";
import { networkPeeringKind } from "./network-peering";
import { organizationRoleKind } from "./organization-role";
import { quotaKind } from "./quota";
import { userInviteKind } from "./user-invite";
import { pipelineKind } from "./pipeline";
import { resourceGroupKind } from "./resource-group";
import { roleKind } from "./role";
import { roleAssignmentKind } from "./role-assignment";
import { roleBindingKind } from "./role-binding";
import { schemaKind } from "./schema";
import { schemaRegistryAclKind } from "./schema-registry-acl";
import { secretKind } from "./secret";
import { shadowLinkKind } from "./shadow-link";
import { serverlessClusterKind } from "./serverless-cluster";
import { serverlessPrivateLinkKind } from "./serverless-private-link";
import { serviceAccountKind } from "./service-account";
import { topicKind } from "./topic";
import { userKind } from "./user";

/** In the README's order: control plane first, then organization access, then data plane. */
export const KINDS: Record<string, Kind> = {
  "resource-group": resourceGroupKind,
  network: networkKind,
  "network-peering": networkPeeringKind,
  cluster: clusterKind,
  "serverless-cluster": serverlessClusterKind,
  "serverless-private-link": serverlessPrivateLinkKind,
  "shadow-link": shadowLinkKind,
  "service-account": serviceAccountKind,
  "role-binding": roleBindingKind,
  group: groupKind,
  "organization-role": organizationRoleKind,
  "user-invite": userInviteKind,
  user: userKind,
  acl: aclKind,
  role: roleKind,
  "role-assignment": roleAssignmentKind,
  topic: topicKind,
  schema: schemaKind,
  "schema-registry-acl": schemaRegistryAclKind,
  pipeline: pipelineKind,
  secret: secretKind,
  quota: quotaKind,
  "connector-secret": connectorSecretKind,
  connector: connectorKind,
};
