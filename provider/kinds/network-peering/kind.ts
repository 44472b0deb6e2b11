/**
 * NetworkPeering: peers a Redpanda network with a customer VPC (AWS, GCP) or VNet (Azure) of the
 * same cloud. Create and delete are operations; there is no update API, so every input replaces.
 * A created peering waits for the customer's side (`STATE_PENDING_ACCEPTANCE`); `customerAction`
 * says what to accept, and a refresh shows `STATE_READY` once it is.
 */
import * as z from "zod";
import type { NetworkPeering as ApiPeering, NetworkPeeringCreate } from "./api";
import { CLOUD_PROVIDERS } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, timeouts } from "../../declare/fields";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const aws = z
  .object({
    peerOwnerId: z
      .string()
      .regex(/^\d{12}$/, "peerOwnerId is the 12-digit AWS account id of the peer VPC")
      .describe(
        "AWS account id (12 digits) that owns the peer VPC. Changing it replaces the resource.",
      ),
    peerVpcId: z
      .string()
      .regex(/^vpc-[0-9a-f]{8,17}$/, "peerVpcId is a VPC id such as vpc-0123456789abcdef0")
      .describe("The peer VPC's id, `vpc-…`. Changing it replaces the resource."),
  })
  .strict()
  .describe("The customer's AWS VPC. Changing it replaces the resource.");

const gcp = z
  .object({
    peerProjectId: z
      .string()
      .regex(
        /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
        "peerProjectId is a GCP project id: 6–30 lowercase letters, digits and hyphens, starting with a letter",
      )
      .describe(
        "The GCP project that holds the peer VPC network. Changing it replaces the resource.",
      ),
    peerVpcName: z
      .string()
      .regex(
        /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/,
        "peerVpcName is a GCP network name: lowercase letters, digits and hyphens, at most 63",
      )
      .describe("The peer VPC network's name. Changing it replaces the resource."),
  })
  .strict()
  .describe("The customer's GCP VPC network. Changing it replaces the resource.");

const azure = z
  .object({
    peerSubscriptionId: z
      .string()
      .regex(UUID, "peerSubscriptionId is a subscription id (a UUID)")
      .describe("Subscription of the peer VNet (a UUID). Changing it replaces the resource."),
    peerTenantId: z
      .string()
      .regex(UUID, "peerTenantId is a tenant id (a UUID)")
      .describe(
        "Microsoft Entra tenant of the peer VNet (a UUID). Changing it replaces the resource.",
      ),
    peerResourceGroup: z
      .string()
      .regex(/^[-\w.()]{1,90}$/, "peerResourceGroup is a resource group name, at most 90")
      .describe("Resource group of the peer VNet. Changing it replaces the resource."),
    peerVnetName: z
      .string()
      .regex(/^[A-Za-z0-9][-\w.]{0,62}\w$/, "peerVnetName is a VNet name, 2–64 characters")
      .describe("The peer VNet's name. Changing it replaces the resource."),
  })
  .strict()
  .describe("The customer's Azure VNet. Changing it replaces the resource.");

const SPEC_KEY = {
  CLOUD_PROVIDER_AWS: "aws",
  CLOUD_PROVIDER_GCP: "gcp",
  CLOUD_PROVIDER_AZURE: "azure",
} as const;

export const networkPeeringKind = declareKind({
  type: "NetworkPeering",
  section: "control plane",
  order: 3,
  doc: "Peers a Redpanda network with a customer VPC/VNet; `customerAction` says what the customer's side must accept.",
  fields: {
    networkId: { schema: z.string().min(1), change: "replace", doc: "The Redpanda network's id" },
    displayName: {
      schema: z.string().min(1),
      change: "replace",
      doc: "Name, unique in the organization",
    },
    cloudProvider: {
      schema: z.enum(CLOUD_PROVIDERS),
      change: "replace",
      doc: "The network's cloud; the matching one of `aws`, `gcp`, `azure` is required",
    },
    aws: {
      schema: aws.optional(),
      change: "replace",
      doc: "AWS peer VPC",
      publicType: "NetworkPeeringAwsArgs",
    },
    gcp: {
      schema: gcp.optional(),
      change: "replace",
      doc: "GCP peer VPC network",
      publicType: "NetworkPeeringGcpArgs",
    },
    azure: {
      schema: azure.optional(),
      change: "replace",
      doc: "Azure peer VNet",
      publicType: "NetworkPeeringAzureArgs",
    },
    timeouts,
    adoptId: adoptId("Id of an existing peering of this network to manage instead of creating one"),
  },
  types: { NetworkPeeringAwsArgs: aws, NetworkPeeringGcpArgs: gcp, NetworkPeeringAzureArgs: azure },
  rules(v, ctx) {
    const want = SPEC_KEY[v.cloudProvider];
    for (const key of ["aws", "gcp", "azure"] as const) {
      if (key === want && v[key] === undefined)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} is required for ${v.cloudProvider}`,
        });
      if (key !== want && v[key] !== undefined)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} does not apply to ${v.cloudProvider}: set ${want} instead`,
        });
    }
  },
  timeouts: { create: 30, delete: 30 },
  outputs: {
    state: {
      schema: z.string(),
      doc: "`STATE_PENDING_ACCEPTANCE` until the customer's side accepts, then `STATE_READY`.",
    },
    cloudStatus: {
      schema: z.string(),
      doc: "The cloud's own status of the peering (e.g. `pending-acceptance`, `active`).",
    },
    vpcPeeringConnectionId: {
      schema: z.string(),
      doc: "AWS: the peering connection to accept (`pcx-…`).",
    },
    vpcNetworkPeeringName: {
      schema: z.string(),
      doc: "GCP: the peering Redpanda created on its side.",
    },
    applicationId: { schema: z.string(), doc: "Azure: the application to grant on the peer VNet." },
    customerAction: {
      schema: z.string(),
      doc: "What the customer's side must do, in one sentence; empty once READY.",
    },
  },
});

export type NetworkPeeringInputs = InputsOf<typeof networkPeeringKind.fields>;
export type NetworkPeeringComputed = {
  id: string;
  state: string;
  cloudStatus: string;
  vpcPeeringConnectionId: string;
  vpcNetworkPeeringName: string;
  applicationId: string;
  customerAction: string;
};
export type NetworkPeeringOutputs = NetworkPeeringInputs & NetworkPeeringComputed;

export function toApi(i: NetworkPeeringInputs): NetworkPeeringCreate {
  return {
    display_name: i.displayName,
    cloud_provider: i.cloudProvider,
    aws: i.aws && { peer_owner_id: i.aws.peerOwnerId, peer_vpc_id: i.aws.peerVpcId },
    gcp: i.gcp && { peer_project_id: i.gcp.peerProjectId, peer_vpc_name: i.gcp.peerVpcName },
    azure: i.azure && {
      peer_subscription_id: i.azure.peerSubscriptionId,
      peer_tenant_id: i.azure.peerTenantId,
      peer_resource_group: i.azure.peerResourceGroup,
      peer_vnet_name: i.azure.peerVnetName,
    },
  };
}

const str = (o: Record<string, unknown> | null | undefined, key: string): string =>
  typeof o?.[key] === "string" ? (o[key] as string) : "";

export function computedOf(p: ApiPeering, i: NetworkPeeringInputs): NetworkPeeringComputed {
  const created = p.status?.created;
  const cloud = p.status?.cloud_provider;
  const pcx = str(created?.aws, "vpc_peering_connection_id");
  const gcpName = str(created?.gcp, "vpc_network_peering_name");
  const appId = str(created?.azure, "application_id");
  const pending = p.state === "STATE_PENDING_ACCEPTANCE";
  const action = !pending
    ? ""
    : i.cloudProvider === "CLOUD_PROVIDER_AWS"
      ? `accept VPC peering connection ${pcx} in AWS account ${i.aws?.peerOwnerId} (VPC ${i.aws?.peerVpcId})`
      : i.cloudProvider === "CLOUD_PROVIDER_GCP"
        ? `create the matching peering from network ${i.gcp?.peerVpcName} in project ${i.gcp?.peerProjectId} to Redpanda's network (its side is ${gcpName})`
        : `grant application ${appId} Network Contributor on VNet ${i.azure?.peerVnetName} (resource group ${i.azure?.peerResourceGroup})`;
  return {
    id: p.id,
    state: p.state,
    cloudStatus:
      str(cloud?.aws, "status") || str(cloud?.gcp, "status") || str(cloud?.azure, "peering_state"),
    vpcPeeringConnectionId: pcx,
    vpcNetworkPeeringName: gcpName,
    applicationId: appId,
    customerAction: action,
  };
}

/** The state a read gives: the peer as the API has it, projected onto the program's keys. */
export function fromApi(p: ApiPeering, props: NetworkPeeringOutputs): NetworkPeeringOutputs {
  const live: NetworkPeeringOutputs = {
    ...props,
    ...computedOf(p, props),
    displayName: p.display_name,
  };
  if (props.aws && p.aws)
    live.aws = { peerOwnerId: str(p.aws, "peer_owner_id"), peerVpcId: str(p.aws, "peer_vpc_id") };
  if (props.gcp && p.gcp)
    live.gcp = {
      peerProjectId: str(p.gcp, "peer_project_id"),
      peerVpcName: str(p.gcp, "peer_vpc_name"),
    };
  if (props.azure && p.azure)
    live.azure = {
      peerSubscriptionId: str(p.azure, "peer_subscription_id"),
      peerTenantId: str(p.azure, "peer_tenant_id"),
      peerResourceGroup: str(p.azure, "peer_resource_group"),
      peerVnetName: str(p.azure, "peer_vnet_name"),
    };
  return live;
}
