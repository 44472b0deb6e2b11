/**
 * Network: create and delete are long-running operations. Every input replaces: the vendor's
 * NetworkUpdate carries no field but the id, so there is nothing to update in place.
 */
import * as z from "zod";
import type { Network as ApiNetwork } from "./api";
import type { NetworkCreate } from "./api";
import { CLOUD_PROVIDERS, CLUSTER_TYPES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, timeouts } from "../../declare/fields";
import { cidrProblem } from "../../declare/validation";
import * as W from "../../wire/nested-schemas";
import { toWire } from "../../declare/wire-case";

export const networkKind = declareKind({
  type: "Network",
  section: "control plane",
  order: 2,
  doc: "A network for Dedicated or BYOC clusters; created and deleted through long-running operations.",
  fields: {
    name: {
      schema: z
        .string()
        .min(1)
        .max(128)
        .regex(/^[A-Za-z0-9-_]+$/, "name may contain only letters, digits, '-' and '_'"),
      change: "replace",
      doc: "Network name, unique in the organization",
    },
    resourceGroupId: {
      schema: z.string().min(1, "resourceGroupId is required"),
      change: "replace",
      doc: "Resource group id (`resourceGroup.id`)",
    },
    cloudProvider: { schema: z.enum(CLOUD_PROVIDERS), change: "replace", doc: "Cloud provider" },
    region: {
      schema: z.string().min(1, "region is required"),
      change: "replace",
      doc: "Cloud region, e.g. `us-central1`",
    },
    cidrBlock: {
      // Checked on its own so the failure shows even when other fields are wrong too.
      schema: z
        .string()
        .superRefine((cidr, ctx) => {
          const problem = cidrProblem(cidr);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .optional(),
      change: "replace",
      doc: "IPv4 block, /16 to /20, RFC 1918 (BYOC also 100.64.0.0/10); required unless `customerManagedResources` is set",
    },
    customerManagedResources: {
      schema: W.NetworkCustomerManagedResources.optional(),
      change: "replace",
      doc: "BYOVPC (BYOC only): your VPC/VNet, subnets, management bucket (and DynamoDB table on AWS)",
    },
    clusterType: {
      schema: z.enum(CLUSTER_TYPES),
      change: "replace",
      doc: "Kind of cluster the network will hold",
    },
    timeouts,
    adoptId: adoptId("Id of an existing network to manage instead of creating one"),
  },
  rules(v, ctx) {
    const cmr = v.customerManagedResources;
    if (v.cidrBlock === undefined && !cmr) {
      ctx.addIssue({
        code: "custom",
        path: ["cidrBlock"],
        message: "cidrBlock is required unless customerManagedResources is set",
      });
    }
    // 100.64.0.0/10 is allowed for BYOC networks only. Only when the block passed the field's own
    // check: a block refused there is reported once, by it.
    const cidr = v.cidrBlock;
    if (cidr !== undefined && cidrProblem(cidr) === undefined) {
      const problem = cidrProblem(cidr, v.clusterType);
      if (problem) ctx.addIssue({ code: "custom", path: ["cidrBlock"], message: problem });
    }
    if (cmr) {
      const want = v.cloudProvider.replace("CLOUD_PROVIDER_", "").toLowerCase();
      const given = Object.keys(cmr).filter((k) => cmr[k as keyof typeof cmr] !== undefined);
      if (v.clusterType !== "TYPE_BYOC") {
        ctx.addIssue({
          code: "custom",
          path: ["customerManagedResources"],
          message: "customer-managed resources are for BYOC networks only",
        });
      } else if (given.length !== 1 || given[0] !== want) {
        ctx.addIssue({
          code: "custom",
          path: ["customerManagedResources"],
          message: `customerManagedResources must hold exactly \`${want}\``,
        });
      }
    }
  },
  timeouts: { create: 15, delete: 15 },
  outputs: {
    name: { schema: z.string(), doc: "The network's name." },
    state: { schema: z.string(), doc: "The API's state, `STATE_READY` once created." },
    zones: {
      schema: z.array(z.string()),
      doc: "Availability zones the network spans (as the API reports them).",
    },
    cidrBlock: { schema: z.string(), doc: "The network's IPv4 block." },
  },
});

export type NetworkInputs = InputsOf<typeof networkKind.fields>;
export type NetworkOutputs = NetworkInputs & { id: string; state: string; zones: string[] };

export function toApi(i: NetworkInputs): NetworkCreate {
  return {
    name: i.name,
    resource_group_id: i.resourceGroupId,
    cloud_provider: i.cloudProvider,
    region: i.region,
    ...(i.cidrBlock !== undefined ? { cidr_block: i.cidrBlock } : {}),
    cluster_type: i.clusterType,
    ...(i.customerManagedResources
      ? {
          customer_managed_resources: toWire(
            W.NetworkCustomerManagedResources,
            i.customerManagedResources,
          ) as NetworkCreate["customer_managed_resources"],
        }
      : {}),
  };
}

/** The state a read of the network gives: what the API reports wins over what was declared. */
export function fromApi(n: ApiNetwork, props: NetworkInputs): NetworkOutputs {
  return {
    ...props,
    id: n.id,
    state: n.state,
    zones: n.zones,
    name: n.name,
    ...(props.cidrBlock !== undefined ? { cidrBlock: n.cidr_block } : {}),
    region: n.region,
  };
}
