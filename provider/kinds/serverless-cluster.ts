/** ServerlessCluster: name, resource group and region replace; tags update in place. */
import { z } from "zod";
import type { ServerlessCluster as ApiServerless } from "../client/serverless-cluster";
import type { ServerlessClusterCreate } from "../client/serverless-cluster";
import { declareKind } from "./declare";
import type { InputsOf } from "./declare";
import { adoptId, timeouts } from "./fields";

export const serverlessClusterKind = declareKind({
  type: "ServerlessCluster",
  doc: "A Serverless cluster; pipelines run here (and on BYOC), connectors do not.",
  fields: {
    name: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(
          /^[A-Za-z0-9-_:]+$/,
          "name may contain only letters, digits, '-', '_' and ':' (3 to 128)",
        ),
      change: "replace",
      doc: "Name, 3–128 of letters, digits, `-`, `_`, `:`",
    },
    resourceGroupId: { schema: z.string().min(1), change: "replace", doc: "Resource group id" },
    serverlessRegion: {
      schema: z.string().min(1),
      change: "replace",
      doc: "Serverless region, e.g. `us-east-1`",
    },
    tags: {
      schema: z
        .record(z.string(), z.string())
        .refine((t) => Object.keys(t).length <= 50, "at most 50 tags")
        .optional(),
      change: "update",
      doc: "Tags (at most 50)",
    },
    timeouts,
    adoptId: adoptId("Id of an existing serverless cluster to manage instead of creating one"),
  },
  timeouts: { create: 30, update: 30, delete: 30 },
  clusterKinds: "Serverless",
  outputs: {
    name: { type: "string", doc: "The cluster's name." },
    state: { type: "string", doc: "The API's state, `STATE_READY` once created." },
    dataplaneApiUrl: {
      type: "string",
      doc: "The cluster's data-plane API URL (topics, users, ACLs, pipelines).",
    },
  },
});

export type ServerlessClusterInputs = InputsOf<typeof serverlessClusterKind.fields>;
export type ServerlessClusterOutputs = ServerlessClusterInputs & {
  id: string;
  state: string;
  dataplaneApiUrl: string;
};

export function toApi(i: ServerlessClusterInputs): ServerlessClusterCreate {
  return {
    name: i.name,
    resource_group_id: i.resourceGroupId,
    serverless_region: i.serverlessRegion,
    ...(i.tags ? { tags: i.tags } : {}),
  };
}

/** What the API computes, from a serverless cluster record. */
export function computedOf(s: ApiServerless): {
  id: string;
  state: string;
  dataplaneApiUrl: string;
} {
  return { id: s.id, state: s.state, dataplaneApiUrl: s.dataplane_api.url };
}

/** The state a read gives; tags the API reports empty keep the declared ones. */
export function fromApi(
  s: ApiServerless,
  props: ServerlessClusterInputs,
): ServerlessClusterOutputs {
  return {
    ...props,
    ...computedOf(s),
    name: s.name,
    tags: Object.keys(s.tags).length ? s.tags : props.tags,
  };
}
