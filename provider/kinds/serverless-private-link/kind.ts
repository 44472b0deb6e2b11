/**
 * ServerlessPrivateLink: an AWS PrivateLink endpoint service for Serverless clusters in one
 * region. The allowed principals update in place (an operation); the rest replaces.
 */
import * as z from "zod";
import type { ServerlessPrivateLink as ApiLink, ServerlessPrivateLinkCreate } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, timeouts } from "../../declare/fields";

const awsConfig = z
  .object({
    allowedPrincipals: z
      .array(
        z
          .string()
          .regex(
            /^arn:aws:iam::\d{12}:(root|user\/.+|role\/.+)$/,
            "an allowed principal is an AWS principal ARN: arn:aws:iam::<12-digit account>:root, user/… or role/…",
          ),
      )
      .describe(
        "AWS principals (account root, user or role ARNs) allowed to connect endpoints; changing them updates in place",
      ),
  })
  .strict()
  .describe("AWS settings of a Serverless private link.");

export const serverlessPrivateLinkKind = declareKind({
  type: "ServerlessPrivateLink",
  section: "control plane",
  order: 6,
  doc: "An AWS PrivateLink endpoint service for Serverless clusters (`ServerlessCluster.privateLinkId`).",
  fields: {
    name: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(/^[A-Za-z0-9-_]+$/, "name may contain only letters, digits, '-' and '_' (3 to 128)"),
      change: "replace",
      doc: "Name, 3–128 of letters, digits, `-`, `_`",
    },
    resourceGroupId: { schema: z.string().min(1), change: "replace", doc: "Resource group id" },
    cloudProvider: {
      schema: z.literal("CLOUD_PROVIDER_AWS").default("CLOUD_PROVIDER_AWS"),
      change: "replace",
      doc: "Cloud provider; serverless private links are on AWS",
    },
    serverlessRegion: {
      schema: z.string().min(1),
      change: "replace",
      doc: "Serverless region, e.g. `us-east-1`; the clusters using it must be there too",
    },
    awsConfig: {
      schema: awsConfig,
      change: "update",
      doc: "AWS settings: `allowedPrincipals`",
      publicType: "ServerlessPrivateLinkAwsArgs",
    },
    timeouts,
    adoptId: adoptId("Id of an existing serverless private link to manage instead of creating one"),
  },
  types: { ServerlessPrivateLinkAwsArgs: awsConfig },
  timeouts: { create: 30, update: 30, delete: 30 },
  outputs: {
    name: { schema: z.string(), doc: "The private link's name." },
    state: { schema: z.string(), doc: "The API's state, `STATE_READY` once created." },
    vpcEndpointServiceName: {
      schema: z.string(),
      doc: "The endpoint service to create VPC endpoints for (`com.amazonaws.vpce.<region>.vpce-svc-…`).",
    },
    availabilityZones: {
      schema: z.array(z.string()),
      doc: "Availability zones the endpoint service spans.",
    },
  },
});

export type ServerlessPrivateLinkInputs = InputsOf<typeof serverlessPrivateLinkKind.fields>;
export type ServerlessPrivateLinkComputed = {
  id: string;
  state: string;
  vpcEndpointServiceName: string;
  availabilityZones: string[];
};
export type ServerlessPrivateLinkOutputs = ServerlessPrivateLinkInputs &
  ServerlessPrivateLinkComputed;

export function toApi(i: ServerlessPrivateLinkInputs): ServerlessPrivateLinkCreate {
  return {
    name: i.name,
    resource_group_id: i.resourceGroupId,
    cloudprovider: i.cloudProvider,
    serverless_region: i.serverlessRegion,
    aws_config: { allowed_principals: i.awsConfig.allowedPrincipals },
  };
}

export function computedOf(l: ApiLink): ServerlessPrivateLinkComputed {
  return {
    id: l.id,
    state: l.state,
    vpcEndpointServiceName: l.status?.aws?.vpc_endpoint_service_name ?? "",
    availabilityZones: l.status?.aws?.availability_zones ?? [],
  };
}

/**
 * The state a read gives: the principals as the API has them, and where the link is (its group,
 * cloud and region, which an import knows only from the API).
 */
export function fromApi(
  l: ApiLink,
  props: ServerlessPrivateLinkInputs,
): ServerlessPrivateLinkOutputs {
  return {
    ...props,
    ...computedOf(l),
    name: l.name,
    resourceGroupId: l.resource_group_id || props.resourceGroupId,
    // The one cloud the input takes: a link of another (a newer API's) surfaces as it is.
    cloudProvider: (l.cloudprovider ||
      props.cloudProvider ||
      "CLOUD_PROVIDER_AWS") as "CLOUD_PROVIDER_AWS",
    serverlessRegion: l.serverless_region || props.serverlessRegion,
    awsConfig: { allowedPrincipals: l.aws_config?.allowed_principals ?? [] },
  };
}
